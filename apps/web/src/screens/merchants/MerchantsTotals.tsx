import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { BANK_TOTAL_METHODS } from "@portal/domain/api/workspace-shared";
import { useTranslation } from "react-i18next";
import { useBankTotals } from "../../api/transactions.api.ts";
import { Tile, TotalsError, TotalsRange } from "../../components/list/TotalsTiles.tsx";
import type { Lang } from "../../i18n/language.ts";
import { money } from "../../lib/money.ts";

/**
 * The merchants summary's totals header by payment method (TOTAL, SOUHOOLA, GET_GO, VPC, CASH, VALU, PREMIUM,
 * UIG, CAGG, MPAY): the bank transactions totals (GET /api/bank/transactions/totals), with its own date range.
 */
export function MerchantsTotals(props: {
  lang: Lang;
  from?: string | undefined;
  to?: string | undefined;
  onRange: (from?: string, to?: string) => void;
}) {
  const { t } = useTranslation();
  const query = useBankTotals(true, props.from, props.to, true);
  const blocks = query.data?.currencies ?? [];
  return (
    <Paper p="md" radius="lg" withBorder data-testid="totals-header">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t("transactions.totals.title")}
        </Title>
        <Group gap="xs" align="flex-end">
          <TotalsRange from={props.from} to={props.to} onRange={props.onRange} testId="totals-range" />
          {props.from || props.to ? (
            <Button variant="subtle" size="sm" onClick={() => props.onRange(undefined, undefined)}>
              {t("transactions.totals.clearRange")}
            </Button>
          ) : null}
        </Group>
      </Group>
      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }}>
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: skeleton tiles have no identity
            <Skeleton key={i} height={74} radius="md" />
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <TotalsError onRetry={() => void query.refetch()} />
      ) : blocks.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="totals-none">
          {t("transactions.totals.none")}
        </Text>
      ) : (
        <Stack gap="md">
          {blocks.map((block) => (
            <Stack key={block.currency} gap="xs">
              {blocks.length > 1 ? (
                <Text fw={600} size="sm">
                  {t("transactions.totals.inCurrency", { currency: block.currency })}
                </Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} data-currency={block.currency}>
                {BANK_TOTAL_METHODS.map((m) => (
                  <Tile
                    key={`${block.currency}-${m}`}
                    testId={`total-${m}`}
                    label={t(`transactions.totals.bankMethods.${m}`)}
                    value={money(block.methods[m]?.amount_cents ?? 0, block.currency, props.lang)}
                    count={t("transactions.totals.count", { count: block.methods[m]?.count ?? 0 })}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
