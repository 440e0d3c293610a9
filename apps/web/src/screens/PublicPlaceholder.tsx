import { Alert } from "@mantine/core";
import { useMatches } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AuthShell } from "../components/AuthShell.tsx";
import { AnchorLink } from "../components/links.tsx";
import { isLang } from "../i18n/language.ts";

/** Signed-out pages of spec section 2 that later issues fill (register, growth, service credit, ...). */
export default function PublicPlaceholder() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const matches = useMatches();
  const key =
    [...matches].reverse().find((m) => m.staticData.publicTitle)?.staticData.publicTitle ?? "register";
  const title = t(`public.${key}`);
  return (
    <AuthShell title={title}>
      <Alert color="brand" variant="light" title={t("placeholder.title")} data-testid="placeholder">
        {t("placeholder.body", { screen: title })}
      </Alert>
      <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
        {t("auth.toLogin")}
      </AnchorLink>
    </AuthShell>
  );
}
