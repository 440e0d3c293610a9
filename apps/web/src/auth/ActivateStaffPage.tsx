import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useSearch } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { isApiError } from "../api/errors.ts";
import { messageOf } from "../api/reportError.ts";
import { activationApi } from "../api/users.api.ts";
import { goTo, href } from "../app/navigation.ts";
import { AuthShell } from "../components/AuthShell.tsx";
import { AnchorLink } from "../components/links.tsx";
import { isLang } from "../i18n/language.ts";
import { landingFor, SCREENS } from "../navigation/screens.ts";
import { newPasswordSchema } from "./newPasswordSchema.ts";
import { NewPasswordFields } from "./PasswordRules.tsx";
import { establishSession } from "./signIn.ts";

type LinkProblem = "expired" | "used" | "invalid" | "missing";
type CheckState =
  | { kind: "checking" }
  | { kind: "failed"; error: unknown }
  | { kind: "done"; state: "valid" | "expired" | "used" | "invalid"; username: string | null };

/**
 * Staff account activation from the e-mailed link /portal2/{lang}/activate_staff?token=... (merchant-dashboard.md
 * section 2; back-office.md section 6): the link is checked first (an expired, used or unknown link says so), then
 * the new staff member chooses a password by the password rules and is signed in, landing on the first screen
 * their permissions open.
 */
export default function ActivateStaffPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const { token } = useSearch({ from: "/{-$lang}/activate_staff" });
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  const [check, setCheck] = useState<CheckState>({ kind: "checking" });
  const runCheck = useCallback(async () => {
    if (!token) return;
    setCheck({ kind: "checking" });
    try {
      const answer = await activationApi.check(token);
      setCheck({ kind: "done", state: answer.state, username: answer.username });
    } catch (error) {
      setCheck({ kind: "failed", error });
    }
  }, [token]);
  useEffect(() => {
    void runCheck();
  }, [runCheck]);
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
      const answer = await activationApi.activate(token, values.new_password);
      const session = await establishSession(answer);
      const landing = SCREENS[landingFor({ profileType: session.type, permNames: session.permNames })].path;
      goTo(href(lang, landing), true);
    } catch (err) {
      if (isApiError(err) && err.code === "weak_password") {
        form.setError("new_password", { message: t("errors.weak_password") });
        return;
      }
      if (isApiError(err) && err.code === "link_expired") setProblem("expired");
      else if (isApiError(err) && err.code === "link_used") setProblem("used");
      else if (isApiError(err) && err.code === "invalid_token") setProblem("invalid");
      else form.setError("root", { message: messageOf(err) });
    }
  });

  const state: LinkProblem | "checking" | "failed" | "valid" = !token
    ? "missing"
    : (problem ?? (check.kind === "done" ? check.state : check.kind));

  const toLogin = (
    <Group justify="space-between">
      <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
        {t("auth.toLogin")}
      </AnchorLink>
    </Group>
  );

  if (state === "checking")
    return (
      <AuthShell title={t("public.activateStaff")}>
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t("users.activate.checking")} />
        </Group>
      </AuthShell>
    );

  if (state !== "valid")
    return (
      <AuthShell title={t("public.activateStaff")}>
        <Alert color="red" variant="light" role="alert" data-testid="activate-problem" data-problem={state}>
          {check.kind === "failed" && state === "failed"
            ? messageOf(check.error)
            : t(`users.activate.${state as LinkProblem}`)}
        </Alert>
        {state === "failed" ? (
          <Button variant="default" onClick={() => void runCheck()} data-testid="activate-retry">
            {t("users.activate.retry")}
          </Button>
        ) : null}
        {toLogin}
      </AuthShell>
    );

  return (
    <AuthShell title={t("public.activateStaff")} intro={t("users.activate.intro")}>
      <Text size="sm" data-testid="activate-username">
        {t("users.activate.username")} <bdi>{check.kind === "done" ? check.username : ""}</bdi>
      </Text>
      {errors.root?.message ? (
        <Alert color="red" variant="light" role="alert" data-testid="activate-error">
          {errors.root.message}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate data-testid="activate-form">
        <Stack gap="md">
          <NewPasswordFields
            newPassword={form.register("new_password")}
            confirm={form.register("confirm_password")}
            password={newPassword}
            errors={{
              newPassword: errors.new_password?.message,
              confirm: errors.confirm_password?.message,
            }}
            rulesId="activate-password-rules"
            autoFocus
          />
          <Button type="submit" size="md" fullWidth loading={isSubmitting} data-testid="activate-submit">
            {t("users.activate.submit")}
          </Button>
        </Stack>
      </form>
      {toLogin}
    </AuthShell>
  );
}
