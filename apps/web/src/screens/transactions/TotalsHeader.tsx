import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import {
  type AmountCount,
  BANK_TOTAL_METHODS,
  MERCHANT_TOTAL_METHODS,
} from "@portal/domain/api/workspace-shared";
import { useTranslation } from "react-i18next";
import { useBankTotals, useMerchantTotals } from "../../api/transactions.api.ts";
import { Tile, TotalsError, type TotalsProps, TotalsRange } from "../../components/list/TotalsTiles.tsx";
import { money } from "../../lib/money.ts";

/** A tile's key, label and figure. */
type Entry = [string, string, AmountCount | undefined];

/** The totals header by payment method (merchant: spec section 2; bank: back-office.md) with its date range. */
export function TotalsHeader({ view, isLive, lang, from, to, onRange }: TotalsProps) {
  const { t } = useTranslation();
  const merchant = useMerchantTotals(isLive, from, to, view === "merchant");
  const bank = useBankTotals(isLive, from, to, view === "bank");
  const query = view === "bank" ? bank : merchant;
  const tiles = (currency: string, entries: Entry[]) =>
    entries.map(([key, label, value]) => (
      <Tile
        key={`${currency}-${key}`}
        testId={`total-${key}`}
        label={label}
        value={money(value?.amount_cents ?? 0, currency, lang)}
        count={t(key.includes("orders") ? "transactions.totals.ordersCount" : "transactions.totals.count", {
          count: value?.count ?? 0,
        })}
      />
    ));

  return (
    <Paper p="md" radius="lg" withBorder data-testid="totals-header">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t("transactions.totals.title")}
        </Title>
        <Group gap="xs" align="flex-end">
          <TotalsRange from={from} to={to} onRange={onRange} testId="totals-range" />
          {from || to ? (
            <Button variant="subtle" size="sm" onClick={() => onRange(undefined, undefined)}>
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
      ) : (query.data?.currencies.length ?? 0) === 0 ? (
        <Text c="dimmed" size="sm" data-testid="totals-none">
          {t("transactions.totals.none")}
        </Text>
      ) : (
        <Stack gap="md">
          {(view === "merchant"
            ? (merchant.data?.currencies ?? []).map((block) => ({
                currency: block.currency,
                entries: [
                  ...MERCHANT_TOTAL_METHODS.map(
                    (m) => [m, t(`transactions.totals.methods.${m}`), block.methods[m]] as Entry,
                  ),
                  [
                    "total_orders",
                    t("transactions.totals.methods.total_orders"),
                    block.total_orders,
                  ] as Entry,
                  [
                    "orders_with_delivery",
                    t("transactions.totals.methods.orders_with_delivery"),
                    block.orders_with_delivery,
                  ] as Entry,
                ],
              }))
            : (bank.data?.currencies ?? []).map((block) => ({
                currency: block.currency,
                entries: BANK_TOTAL_METHODS.map(
                  (m) => [m, t(`transactions.totals.bankMethods.${m}`), block.methods[m]] as Entry,
                ),
              }))
          ).map((block, _i, all) => (
            <Stack key={block.currency} gap="xs">
              {all.length > 1 ? (
                <Text fw={600} size="sm" data-testid="totals-currency">
                  {t("transactions.totals.inCurrency", { currency: block.currency })}
                </Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} data-currency={block.currency}>
                {tiles(block.currency, block.entries)}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
