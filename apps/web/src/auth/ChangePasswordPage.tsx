import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isApiError } from "../api/errors.ts";
import { reportError } from "../api/reportError.ts";
import { goTo, href } from "../app/navigation.ts";
import { toast } from "../app/toast.ts";
import { AuthShell } from "../components/AuthShell.tsx";
import { isLang } from "../i18n/language.ts";
import { landingFor, SCREENS } from "../navigation/screens.ts";
import { authApi } from "./auth.api.ts";
import { takeDeepLink } from "./deepLink.ts";
import { newPasswordSchema } from "./newPasswordSchema.ts";
import { NewPasswordFields } from "./PasswordRules.tsx";
import { useSession } from "./session.ts";
import { establishSession } from "./signIn.ts";
import { clearLocalData, logout } from "./signOut.ts";

/** Change password: required after a temporary password, open to every signed-in user. */
export default function ChangePasswordPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const session = useSession();
  const texts = {
    required: t("validation.required"),
    weak: t("validation.weakPassword"),
    mismatch: t("validation.mismatch"),
  };
  const schema = newPasswordSchema(texts, { old_password: z.string().min(1, texts.required) });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { old_password: "", new_password: "", confirm_password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = form.watch("new_password");

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await authApi.changePassword({ old_password: values.old_password, new_password: values.new_password });
      toast.success(t("auth.change.done"));
      // The server turned a temporary session into a full one: read it again with its permissions.
      const next = await establishSession(await authApi.me());
      const landing = SCREENS[landingFor({ profileType: next.type, permNames: next.permNames })].path;
      goTo(takeDeepLink() ?? href(lang, landing), true);
    } catch (err) {
      if (isApiError(err) && err.code === "wrong_old_password") {
        form.setError("old_password", { message: t("errors.wrong_old_password") });
      }
      if (isApiError(err) && err.code === "weak_password") {
        form.setError("new_password", { message: t("errors.weak_password") });
      }
      reportError(err);
      if (isApiError(err) && err.code === "account_locked") {
        clearLocalData();
        goTo(href(lang, "login"), true);
      }
    }
  });

  return (
    <AuthShell
      title={t("auth.change.title")}
      intro={session?.temp ? t("auth.change.tempIntro") : t("auth.change.intro")}
    >
      <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
        <Stack gap="md">
          <PasswordInput
            label={t("auth.change.oldPassword")}
            autoComplete="current-password"
            required
            error={errors.old_password?.message}
            visibilityToggleButtonProps={{ "aria-label": t("auth.login.showPassword") }}
            data-testid="old-password"
            {...form.register("old_password")}
          />
          <NewPasswordFields
            newPassword={form.register("new_password")}
            confirm={form.register("confirm_password")}
            password={newPassword}
            errors={{ newPassword: errors.new_password?.message, confirm: errors.confirm_password?.message }}
            rulesId="new-password-rules"
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={isSubmitting}
            data-testid="change-password-submit"
          >
            {t("auth.change.submit")}
          </Button>
          <Group justify="center">
            <Button variant="subtle" onClick={() => void logout()} data-testid="logout">
              {t("nav.logout")}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthShell>
  );
}
