import { Alert, Code, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { isSignedIn, useSession } from "../../auth/session.ts";
import { AuthShell } from "../../components/AuthShell.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { isLang } from "../../i18n/language.ts";
import {
  parseWalletOnboardingSearch,
  type WalletOnboardingStatus,
} from "../../lib/walletOnboardingSearch.ts";

const LOOK: Record<WalletOnboardingStatus, { color: string; sign: string }> = {
  success: { color: "teal.9", sign: "✓" },
  failure: { color: "red.9", sign: "!" },
  unknown: { color: "gray.7", sign: "?" },
};

/**
 * The result of onboarding with a wallet payment provider (spec section 2; docs/onboarding.md "Public and host
 * pages"): the provider sends the merchant back to /portal2/{lang}/wallet-onboarding/result?status=&reference=.
 * It says whether the wallet was connected, shows the reference to quote, and offers the way on: the dashboard's
 * integrations when signed in, sign-in otherwise. A result the page cannot read is never shown as a success.
 */
export default function WalletOnboardingResultPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  // Parsed again here: the router merges the raw query under a route's validated search, so a key the parser
  // dropped (a reference with markup) would otherwise come back unchecked.
  const search = parseWalletOnboardingSearch(useSearch({ from: "/{-$lang}/wallet-onboarding/result" }));
  const status = search.status ?? "unknown";
  const signedIn = isSignedIn(useSession());
  const look = LOOK[status];
  return (
    <AuthShell title={t("walletOnboarding.title")}>
      <Stack gap="lg" data-testid="wallet-onboarding-result" data-status={status}>
        <Alert
          color={look.color}
          variant="light"
          role={status === "success" ? "status" : "alert"}
          title={t(`walletOnboarding.${status}.title`)}
          icon={
            <ThemeIcon color={look.color} radius="xl" size={26} aria-hidden>
              <Text fw={800} size="sm" c="white" component="span">
                {look.sign}
              </Text>
            </ThemeIcon>
          }
          data-testid="wallet-onboarding-message"
        >
          {t(`walletOnboarding.${status}.body`)}
        </Alert>
        {search.reference ? (
          <Group gap="xs" data-testid="wallet-onboarding-reference">
            <Text size="sm">{t("walletOnboarding.reference")}</Text>
            <Code fz="sm" dir="ltr">
              {search.reference}
            </Code>
          </Group>
        ) : null}
        {status !== "success" ? <Text size="sm">{t("walletOnboarding.help")}</Text> : null}
        <Group gap="sm">
          {signedIn ? (
            <>
              <ButtonLink
                to="/{-$lang}/payment-integrations"
                params={{ lang }}
                data-testid="wallet-onboarding-integrations"
              >
                {t("walletOnboarding.toIntegrations")}
              </ButtonLink>
              <ButtonLink
                to="/{-$lang}"
                params={{ lang }}
                variant="default"
                data-testid="wallet-onboarding-home"
              >
                {t("walletOnboarding.toDashboard")}
              </ButtonLink>
            </>
          ) : (
            <ButtonLink to="/{-$lang}/login" params={{ lang }} data-testid="wallet-onboarding-sign-in">
              {t("walletOnboarding.signIn")}
            </ButtonLink>
          )}
        </Group>
      </Stack>
    </AuthShell>
  );
}
