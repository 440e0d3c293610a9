import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import {
  type AmountCount,
  BANK_TOTAL_METHODS,
  MERCHANT_TOTAL_METHODS,
} from "@portal/domain/api/workspace-shared";
import { useTranslation } from "react-i18next";
import { useBankTotals, useMerchantTotals, type Viewpoint } from "../../api/transactions.api.ts";
import type { Lang } from "../../i18n/language.ts";
import { DateRangeField } from "./DateRangeField.tsx";
import { money } from "./format.ts";

/** A totals header: its view and mode, and its own date range (in the URL, apart from the list filters). */
export interface TotalsProps {
  view: Viewpoint;
  isLive: boolean;
  lang: Lang;
  from?: string;
  to?: string;
  onRange: (from?: string, to?: string) => void;
}

/** One figure of a totals header: label, amount and count (also the bank orders header's methods). */
export function Tile({
  label,
  value,
  count,
  testId,
}: {
  label: string;
  value: string;
  count: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }} data-testid={`${testId}-amount`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {count}
      </Text>
    </Paper>
  );
}

/** A totals header's own date range: applied when both days are chosen, or both cleared. */
export function TotalsRange({
  from,
  to,
  onRange,
  testId,
}: Pick<TotalsProps, "from" | "to" | "onRange"> & { testId: string }) {
  const { t } = useTranslation();
  return (
    <DateRangeField
      label={t("transactions.totals.range")}
      value={[from ?? null, to ?? null]}
      onChange={([f, tt]) => {
        if ((f && tt) || (!f && !tt)) onRange(f ?? undefined, tt ?? undefined);
      }}
      clearable
      testId={testId}
    />
  );
}

/** A totals header's failure: the table's error text and a retry button. */
export function TotalsError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Text c="red.8" size="sm">
        {t("transactions.table.errorBody")}
      </Text>
      <Button size="xs" variant="default" onClick={onRetry}>
        {t("transactions.table.retry")}
      </Button>
    </Group>
  );
}

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
