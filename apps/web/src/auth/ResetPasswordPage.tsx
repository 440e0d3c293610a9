import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Stack } from "@mantine/core";
import { useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { isApiError } from "../api/errors.ts";
import { messageOf } from "../api/reportError.ts";
import { AuthShell } from "../components/AuthShell.tsx";
import { AnchorLink } from "../components/links.tsx";
import { isLang } from "../i18n/language.ts";
import { authApi } from "./auth.api.ts";
import { newPasswordSchema } from "./newPasswordSchema.ts";
import { NewPasswordFields } from "./PasswordRules.tsx";

/** Reset password from the e-mailed link /portal2/{lang}/reset-password?token=... */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const { token } = useSearch({ from: "/{-$lang}/reset-password" });
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; badToken?: boolean } | null>(null);
  const texts = {
    required: t("validation.required"),
    weak: t("validation.weakPassword"),
    mismatch: t("validation.mismatch"),
  };
  const schema = newPasswordSchema(texts, {});
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { new_password: "", confirm_password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = form.watch("new_password");

  const onSubmit = form.handleSubmit(async (values) => {
    if (!token) return;
    try {
      await authApi.resetPassword(token, values.new_password);
      setOutcome({ ok: true, message: t("auth.reset.done") });
    } catch (err) {
      if (isApiError(err) && err.code === "weak_password") {
        form.setError("new_password", { message: t("errors.weak_password") });
        return;
      }
      setOutcome({
        ok: false,
        message: messageOf(err),
        badToken: isApiError(err) && err.code === "invalid_token",
      });
    }
  });

  const links = (
    <Group justify="space-between">
      <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
        {t("auth.toLogin")}
      </AnchorLink>
      {outcome?.badToken || !token ? (
        <AnchorLink to="/{-$lang}/forgetpassword" params={{ lang }} size="sm">
          {t("auth.reset.askAgain")}
        </AnchorLink>
      ) : null}
    </Group>
  );

  if (!token) {
    return (
      <AuthShell title={t("auth.reset.title")}>
        <Alert color="red" variant="light" data-testid="reset-error">
          {t("auth.reset.missingToken")}
        </Alert>
        {links}
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t("auth.reset.title")} intro={t("auth.reset.intro")}>
      {outcome ? (
        <Alert
          color={outcome.ok ? "teal" : "red"}
          variant="light"
          role={outcome.ok ? "status" : "alert"}
          data-testid={outcome.ok ? "reset-done" : "reset-error"}
        >
          {outcome.message}
        </Alert>
      ) : null}
      {outcome?.ok ? null : (
        <form onSubmit={onSubmit} noValidate data-testid="reset-form">
          <Stack gap="md">
            <NewPasswordFields
              newPassword={form.register("new_password")}
              confirm={form.register("confirm_password")}
              password={newPassword}
              errors={{
                newPassword: errors.new_password?.message,
                confirm: errors.confirm_password?.message,
              }}
              rulesId="reset-password-rules"
              autoFocus
            />
            <Button type="submit" size="md" fullWidth loading={isSubmitting} data-testid="reset-submit">
              {t("auth.reset.submit")}
            </Button>
          </Stack>
        </form>
      )}
      {links}
    </AuthShell>
  );
}
