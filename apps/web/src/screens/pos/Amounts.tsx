import { Stack } from "@mantine/core";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";

/** Successful payments' amounts, one line per currency (never added across currencies). */
export function Amounts({ amounts }: { amounts: { currency: string; amount_cents: number }[] }) {
  const { lang } = useDashboard();
  if (amounts.length === 0) return <span>—</span>;
  return (
    <Stack gap={0}>
      {amounts.map((a) => (
        <span key={a.currency} dir="ltr">
          {money(a.amount_cents, a.currency, lang)}
        </span>
      ))}
    </Stack>
  );
}
