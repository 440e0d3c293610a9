import { Button, Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Viewpoint } from "../../api/transactions.api.ts";
import type { Lang } from "../../i18n/language.ts";
import { DateRangeField } from "../DateRangeField.tsx";

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
