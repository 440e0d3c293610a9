import { Alert, Button, Group, Loader, Paper, Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  CREDIT_CURRENCY,
  CREDIT_FAILURE_MESSAGE,
  CREDIT_PACK_AMOUNTS,
  CREDIT_VALIDITY_DAYS,
} from "@portal/domain/api/service-credit";
import { QueryClientProvider } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../api/errors.ts";
import { createQueryClient } from "../app/queryClient.ts";
import { toast } from "../app/toast.ts";
import { AuthShell } from "../components/AuthShell.tsx";
import { ConfirmModal } from "../components/ConfirmModal.tsx";
import { AnchorLink } from "../components/links.tsx";
import { isLang } from "../i18n/language.ts";
import { money } from "../lib/money.ts";
import { useDateFormat } from "../lib/useDateFormat.ts";
import { type CreditPackAmount, useBuyCredit, useCreditBalance } from "./service-credit.api.ts";

/** The spec's failure toast stays 5 seconds (merchant-dashboard.md section 8). */
const FAILURE_TOAST_MS = 5000;

/**
 * Service-credit packs, /{lang}/bulk_disbursement?token=... (docs/onboarding.md "Service-credit packs"): the
 * balance, the four packs, a confirmation, then POST /api/acceptance/billspromo with the query's token.
 */
export default function ServiceCreditPage() {
  // A signed-out page: the dashboard layout's query client is not above it.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ServiceCredit />
    </QueryClientProvider>
  );
}

function ServiceCredit() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const { token } = useSearch({ from: "/{-$lang}/bulk_disbursement" });
  const balance = useCreditBalance(token || undefined);
  const buy = useBuyCredit(token || undefined);
  const { date } = useDateFormat();
  const [pack, setPack] = useState<CreditPackAmount | null>(null);
  const [confirming, setConfirming] = useState(false);
  const pounds = (cents: number) => money(cents, CREDIT_CURRENCY, lang);

  const onConfirm = async () => {
    if (pack === null) return;
    try {
      const after = await buy.mutateAsync(pack);
      toast.success(t("serviceCredit.bought", { balance: pounds(after.balance_cents) }));
    } catch (err) {
      const detail = isApiError(err) && typeof err.body?.detail === "string" ? err.body.detail : undefined;
      toast.error(
        detail ?? t("serviceCredit.failure", { defaultValue: CREDIT_FAILURE_MESSAGE }),
        FAILURE_TOAST_MS,
      );
    } finally {
      setConfirming(false);
    }
  };

  const refused = balance.error && isApiError(balance.error) ? balance.error : undefined;
  return (
    <AuthShell
      title={t("serviceCredit.title")}
      intro={t("serviceCredit.intro", { days: CREDIT_VALIDITY_DAYS })}
    >
      <Stack gap="md" data-testid="service-credit-page">
        {balance.isPending ? (
          <Group justify="center" aria-busy="true">
            <Loader size="sm" aria-label={t("serviceCredit.loading")} />
          </Group>
        ) : refused ? (
          <Alert color="red" variant="light" role="alert" data-testid="service-credit-refused">
            {refused.status === 401
              ? t("serviceCredit.signIn")
              : typeof refused.body?.detail === "string"
                ? refused.body.detail
                : t("serviceCredit.failure")}
          </Alert>
        ) : balance.data ? (
          <Paper withBorder p="md" radius="md" data-testid="service-credit-balance">
            <Text size="sm" c="dimmed">
              {t("serviceCredit.balance")}
            </Text>
            <Text fw={700} size="xl" data-testid="service-credit-amount" dir="ltr" ta="start">
              {pounds(balance.data.balance_cents)}
            </Text>
            <Text size="sm" data-testid="service-credit-expiry">
              {balance.data.next_expiry
                ? t("serviceCredit.validUntil", { date: date(balance.data.next_expiry) })
                : t("serviceCredit.none")}
            </Text>
          </Paper>
        ) : null}
        {balance.data ? (
          <>
            <Radio.Group
              value={pack === null ? null : String(pack)}
              onChange={(v) => setPack(Number(v) as CreditPackAmount)}
              label={t("serviceCredit.choose")}
              data-testid="service-credit-packs"
            >
              <SimpleGrid cols={2} mt="xs">
                {CREDIT_PACK_AMOUNTS.map((amount) => (
                  <Radio.Card
                    key={amount}
                    value={String(amount)}
                    radius="md"
                    p="md"
                    data-testid={`service-credit-pack-${amount / 100}`}
                  >
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <Text fw={600}>
                        {t("serviceCredit.pack", { pounds: (amount / 100).toLocaleString("en-US") })}
                      </Text>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Button
              size="md"
              fullWidth
              disabled={pack === null}
              onClick={() => setConfirming(true)}
              data-testid="service-credit-buy"
            >
              {t("serviceCredit.buy")}
            </Button>
          </>
        ) : null}
        <ConfirmModal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={t("serviceCredit.confirmTitle")}
          body={t("serviceCredit.confirmBody", {
            pack: pack === null ? "" : pounds(pack),
            days: CREDIT_VALIDITY_DAYS,
          })}
          confirmLabel={t("serviceCredit.confirm")}
          loading={buy.isPending}
          onConfirm={() => void onConfirm()}
          testId="service-credit-confirm"
        />
        <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
          {t("auth.toLogin")}
        </AnchorLink>
      </Stack>
    </AuthShell>
  );
}
