import { List, PasswordInput, Text, ThemeIcon } from "@mantine/core";
import { type PasswordProblem, passwordProblems } from "@portal/domain/passwords";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";

/** The rules a new password must meet, ticked off while the user types (spec section 5). */
const RULES: readonly PasswordProblem[] = [
  "too_short",
  "no_lowercase",
  "no_uppercase",
  "no_digit",
  "no_special",
];

export function PasswordRules({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const problems = new Set(passwordProblems(password));
  const shown = problems.has("too_long") ? [...RULES, "too_long" as const] : RULES;
  return (
    <div id={id} data-testid="password-rules">
      <Text size="sm" fw={600} mb={6}>
        {t("auth.rules.title")}
      </Text>
      <List spacing={4} size="sm" center>
        {shown.map((rule) => {
          const met = !problems.has(rule);
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={met}
              icon={
                <ThemeIcon color={met ? "teal.8" : "gray.6"} size={18} radius="xl" aria-hidden>
                  <span style={{ fontSize: 11, lineHeight: 1 }}>{met ? "✓" : "•"}</span>
                </ThemeIcon>
              }
            >
              <Text span size="sm" c={met ? "teal.9" : "gray.8"}>
                {t(`auth.rules.${rule}`)}
              </Text>
              <Text span className="visually-hidden">
                {` (${met ? t("auth.rules.met") : t("auth.rules.notMet")})`}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}

export function isStrong(password: string): boolean {
  return passwordProblems(password).length === 0;
}

/**
 * The new password, its rules ticked off while the user types, and its confirmation (change and reset password
 * forms): `newPassword` and `confirm` are the form's registrations, `password` the value typed so far.
 */
export function NewPasswordFields({
  newPassword,
  confirm,
  password,
  errors,
  rulesId,
  autoFocus,
}: {
  newPassword: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  password: string;
  errors: { newPassword?: string; confirm?: string };
  rulesId: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t("auth.newPassword")}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        error={errors.newPassword}
        aria-describedby={rulesId}
        visibilityToggleButtonProps={{ "aria-label": t("auth.login.showPassword") }}
        data-testid="new-password"
        {...newPassword}
      />
      <PasswordRules password={password} id={rulesId} />
      <PasswordInput
        label={t("auth.confirmPassword")}
        autoComplete="new-password"
        required
        error={errors.confirm}
        visibilityToggleButtonProps={{ "aria-label": t("auth.login.showPassword") }}
        data-testid="confirm-password"
        {...confirm}
      />
    </>
  );
}
