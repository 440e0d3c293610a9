import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { reportError } from "../api/reportError.ts";
import { AuthShell } from "../components/AuthShell.tsx";
import { AnchorLink } from "../components/links.tsx";
import { isLang } from "../i18n/language.ts";
import { authApi } from "./auth.api.ts";

/** Forgot password: always the same answer, so nobody learns which e-mails have accounts. */
export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const [sent, setSent] = useState(false);
  const schema = z.object({
    email: z
      .string()
      .trim()
      .min(1, t("validation.required"))
      .pipe(z.email(t("validation.email"))),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await authApi.forgotPassword(email);
      setSent(true);
    } catch (err) {
      reportError(err);
    }
  });

  return (
    <AuthShell title={t("auth.forgot.title")} intro={t("auth.forgot.intro")}>
      {sent ? (
        <Alert color="teal" variant="light" data-testid="forgot-sent" role="status">
          {t("auth.forgot.sent")}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate data-testid="forgot-form">
          <Stack gap="md">
            <TextInput
              label={t("auth.forgot.email")}
              type="email"
              autoComplete="email"
              autoFocus
              required
              error={errors.email?.message}
              data-testid="forgot-email"
              {...form.register("email")}
            />
            <Button type="submit" size="md" fullWidth loading={isSubmitting} data-testid="forgot-submit">
              {t("auth.forgot.submit")}
            </Button>
          </Stack>
        </form>
      )}
      <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
        {t("auth.forgot.back")}
      </AnchorLink>
    </AuthShell>
  );
}
