import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { BANK_TOTAL_METHODS } from "@portal/domain/api/workspace-shared";
import { useTranslation } from "react-i18next";
import { useOrderTotals } from "../../api/orders.api.ts";
import { Tile, TotalsError, type TotalsProps, TotalsRange } from "../../components/list/TotalsTiles.tsx";
import type { Lang } from "../../i18n/language.ts";
import { money } from "../../lib/money.ts";

/**
 * The orders header (spec section 2: total processed) with its own date range. Per currency: the processed
 * amount with the orders and paid counts; the bank view adds the header by payment method of back-office.md
 * (TOTAL, SOUHOOLA, GET_GO, VPC, CASH, VALU, PREMIUM, UIG, CAGG, MPAY).
 */
export function OrdersTotals({ view, isLive, lang, from, to, onRange }: TotalsProps) {
  const { t } = useTranslation();
  const totals = useOrderTotals(view, isLive, from, to);

  return (
    <Paper p="md" radius="lg" withBorder data-testid="orders-totals" data-view={view}>
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t("orders.totalProcessed")}
        </Title>
        <TotalsRange from={from} to={to} onRange={onRange} testId="orders-totals-range" />
      </Group>
      {totals.isPending ? (
        <Skeleton height={74} />
      ) : totals.isError ? (
        <TotalsError onRetry={() => void totals.refetch()} />
      ) : totals.data.currencies.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="orders-totals-none">
          {t("orders.none")}
        </Text>
      ) : view === "merchant" ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {totals.data.currencies.map((c) => (
            <Processed key={c.currency} block={c} lang={lang} />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="md">
          {totals.data.currencies.map((c) => (
            <Stack key={c.currency} gap="xs" data-testid="orders-currency" data-currency={c.currency}>
              <Processed block={c} lang={lang} />
              <Text size="sm" fw={600} component="h3">
                {t("orders.byMethod", { currency: c.currency })}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }}>
                {BANK_TOTAL_METHODS.map((m) => {
                  const value = "methods" in c ? c.methods[m] : undefined;
                  return (
                    <Tile
                      key={m}
                      testId={`total-${m}`}
                      label={t(`transactions.totals.bankMethods.${m}`)}
                      value={money(value?.amount_cents ?? 0, c.currency, lang)}
                      count={t("transactions.totals.count", { count: value?.count ?? 0 })}
                    />
                  );
                })}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

interface Block {
  currency: string;
  orders: { count: number };
  paid: { count: number };
  processed_cents: number;
}

/** One currency's processed amount, with how many orders and how many of them are paid. */
function Processed({ block, lang }: { block: Block; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="orders-total" data-currency={block.currency}>
      <Text fw={700} size="lg" data-testid="orders-total-amount">
        {money(block.processed_cents, block.currency, lang)}
      </Text>
      <Group gap="xs">
        <Badge variant="outline" color="gray.8">
          {t("orders.ordersCount", { count: block.orders.count })}
        </Badge>
        <Badge variant="outline" color="teal.9">
          {t("orders.paidCount", { count: block.paid.count })}
        </Badge>
      </Group>
    </Paper>
  );
}
