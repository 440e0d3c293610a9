import { Alert, Button, Stack } from "@mantine/core";
import { useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "../api/reportError.ts";
import { AuthShell } from "../components/AuthShell.tsx";
import { AnchorLink } from "../components/links.tsx";
import { isLang } from "../i18n/language.ts";
import { authApi } from "./auth.api.ts";

/**
 * Reactivation from the e-mailed link /portal2/{lang}/reactivate?token=... The user confirms with a button, so a
 * mail scanner that opens the link does not use the token up.
 */
export default function ReactivatePage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const { token } = useSearch({ from: "/{-$lang}/reactivate" });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const onClick = async () => {
    if (!token) return;
    setBusy(true);
    try {
      await authApi.reactivate(token);
      setOutcome({ ok: true, message: t("auth.reactivate.done") });
    } catch (err) {
      setOutcome({ ok: false, message: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t("auth.reactivate.title")} intro={token ? t("auth.reactivate.intro") : undefined}>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" variant="light" data-testid="reactivate-error">
            {t("auth.reactivate.missingToken")}
          </Alert>
        ) : null}
        {outcome ? (
          <Alert
            color={outcome.ok ? "teal" : "red"}
            variant="light"
            role={outcome.ok ? "status" : "alert"}
            data-testid={outcome.ok ? "reactivate-done" : "reactivate-error"}
          >
            {outcome.message}
          </Alert>
        ) : null}
        {token && !outcome?.ok ? (
          <Button size="md" fullWidth loading={busy} onClick={onClick} data-testid="reactivate-submit">
            {t("auth.reactivate.submit")}
          </Button>
        ) : null}
        <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
          {t("auth.toLogin")}
        </AnchorLink>
      </Stack>
    </AuthShell>
  );
}
