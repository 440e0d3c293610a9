import { Alert, Button, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { useSearch } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { AuthShell } from "../../components/AuthShell.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { isLang } from "../../i18n/language.ts";
import { registrationApi } from "../../registration/registration.api.ts";

type Confirmation =
  | { kind: "checking" }
  | { kind: "confirmed"; username: string }
  | { kind: "problem"; problem: "expired" | "used" | "invalid" | "network" };

/**
 * /{lang}/register/success: after registering, "check your e-mail" (with a form to send the link again); opened
 * from the e-mailed link (?token=...), it confirms the address once and offers sign-in.
 */
export default function RegisterSuccessPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const { token, email } = useSearch({ from: "/{-$lang}/register/success" });
  const [state, setState] = useState<Confirmation>({ kind: "checking" });
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    registrationApi
      .confirm(token)
      .then((answer) => setState({ kind: "confirmed", username: answer.username }))
      .catch((err: unknown) => {
        const code = isApiError(err) ? err.code : undefined;
        setState({
          kind: "problem",
          problem:
            code === "link_expired"
              ? "expired"
              : code === "link_used"
                ? "used"
                : isApiError(err) && err.kind === "http"
                  ? "invalid"
                  : "network",
        });
      });
  }, [token]);

  const toLogin = (
    <AnchorLink to="/{-$lang}/login" params={{ lang }} data-testid="to-login">
      {t("register.signIn")}
    </AnchorLink>
  );

  if (!token)
    return (
      <AuthShell title={t("public.registerSuccess")}>
        <Alert color="teal" variant="light" role="status" data-testid="register-check-mail">
          {t("register.checkMail", { email: email ?? "" })}
        </Alert>
        <Resend lang={lang} initialEmail={email ?? ""} />
        {toLogin}
      </AuthShell>
    );

  if (state.kind === "checking")
    return (
      <AuthShell title={t("public.registerSuccess")}>
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t("register.confirming")} />
        </Group>
      </AuthShell>
    );

  if (state.kind === "confirmed")
    return (
      <AuthShell title={t("public.registerSuccess")}>
        <Alert color="teal" variant="light" role="status" data-testid="register-confirmed">
          {t("register.confirmed")}
        </Alert>
        <Text size="sm">
          {t("register.username")} <bdi data-testid="register-username">{state.username}</bdi>
        </Text>
        <AnchorLink to="/{-$lang}/login" params={{ lang }} data-testid="register-sign-in">
          {t("register.signIn")}
        </AnchorLink>
      </AuthShell>
    );

  return (
    <AuthShell title={t("public.registerSuccess")}>
      <Alert
        color="red"
        variant="light"
        role="alert"
        data-testid="register-link-problem"
        data-problem={state.problem}
      >
        {state.problem === "network"
          ? t("register.errors.networkError")
          : t(`register.link.${state.problem}`)}
      </Alert>
      {state.problem === "expired" ? <Resend lang={lang} initialEmail="" /> : null}
      {toLogin}
    </AuthShell>
  );
}

/** Sends a new confirmation link (the answer is the same whether or not the address waits for one). */
function Resend({ lang, initialEmail }: { lang: "en" | "ar"; initialEmail: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<"sent" | "failed" | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setSending(true);
    try {
      await registrationApi.resend(email.trim(), lang);
      setResult("sent");
    } catch {
      setResult("failed");
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="register-resend">
      <Stack gap="xs">
        <TextInput
          label={t("register.resendEmail")}
          type="email"
          dir="ltr"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-testid="register-resend-email"
        />
        <Button type="submit" variant="default" loading={sending} data-testid="register-resend-submit">
          {t("register.resend")}
        </Button>
        {result ? (
          <Text size="sm" role="status" data-testid="register-resend-result">
            {result === "sent" ? t("register.resent") : t("register.errors.networkError")}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
