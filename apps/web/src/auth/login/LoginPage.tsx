import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { reportError } from "../../api/reportError.ts";
import { useAppConfig } from "../../app/config.ts";
import { goTo, href } from "../../app/navigation.ts";
import { AuthShell } from "../../components/AuthShell.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { isLang } from "../../i18n/language.ts";
import { landingFor, SCREENS } from "../../navigation/screens.ts";
import { authApi } from "../auth.api.ts";
import { takeDeepLink } from "../deepLink.ts";
import { establishSession } from "../signIn.ts";

type Field = "username" | "password";

/**
 * Sign-in (spec section 4): a temporary password leads to change password; otherwise the session is stored,
 * permissions loaded, then the deep link or the role landing. Two required fields need no form library: keeping
 * react-hook-form and zod out of this page keeps the first screen within its size budget.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const config = useAppConfig();
  const [values, setValues] = useState({ username: "", password: "" });
  const [touched, setTouched] = useState({ username: false, password: false });
  const [submitting, setSubmitting] = useState(false);

  const problem = (field: Field) =>
    touched[field] && values[field].trim() === "" ? t("validation.required") : undefined;
  const bind = (field: Field) => ({
    value: values[field],
    error: problem(field),
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    // Leaving a field empty marks it only once it held text: the username field has the focus on arrival,
    // and a "required" message appearing on that first blur pushed the links below it away from the click
    // that caused the blur (the forgot-password link then missed its click).
    onBlur: (event: { currentTarget: HTMLInputElement }) => {
      if (event.currentTarget.value !== "") setTouched((s) => ({ ...s, [field]: true }));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    const username = values.username.trim();
    if (!username || !values.password) {
      document.getElementById(username ? "login-password" : "login-username")?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await authApi.login({ username, password: values.password });
      const session = await establishSession(answer);
      if (session.temp) {
        goTo(href(lang, "changepassword"), true);
        return;
      }
      const landing = SCREENS[landingFor({ profileType: session.type, permNames: session.permNames })].path;
      goTo(takeDeepLink() ?? href(lang, landing), true);
    } catch (err) {
      setValues((v) => ({ ...v, password: "" }));
      setTouched((s) => ({ ...s, password: false }));
      reportError(err);
      setSubmitting(false);
    }
  };

  return (
    <AuthShell title={t("auth.login.title")} intro={t("auth.login.subtitle")}>
      <form onSubmit={onSubmit} noValidate data-testid="login-form">
        <Stack gap="md">
          <TextInput
            id="login-username"
            name="username"
            label={t("auth.login.username")}
            autoComplete="username"
            autoFocus
            required
            data-testid="login-username"
            {...bind("username")}
          />
          <PasswordInput
            id="login-password"
            name="password"
            label={t("auth.login.password")}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ "aria-label": t("auth.login.showPassword") }}
            data-testid="login-password"
            {...bind("password")}
          />
          <Group justify="flex-end">
            <AnchorLink to="/{-$lang}/forgetpassword" params={{ lang }} size="sm" data-testid="forgot-link">
              {t("auth.login.forgot")}
            </AnchorLink>
          </Group>
          <Button type="submit" size="md" fullWidth loading={submitting} data-testid="login-submit">
            {t("auth.login.submit")}
          </Button>
          {config.country !== "PAK" ? (
            <Text size="sm" ta="center">
              {t("auth.login.noAccount")}{" "}
              <AnchorLink to="/{-$lang}/register" params={{ lang }} data-testid="register-link">
                {t("auth.login.register")}
              </AnchorLink>
            </Text>
          ) : null}
        </Stack>
      </form>
    </AuthShell>
  );
}
