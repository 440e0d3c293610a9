/**
 * A card as the customer list and details show it: the scheme and the last four digits behind dots, never more
 * of the number (the server has no more). Left to right inside Arabic text, so the digits keep their order.
 */
export function MaskedCard({ last4, scheme }: { last4: string | null; scheme: string | null }) {
  if (!last4) return <>—</>;
  return (
    <span dir="ltr" data-testid="customer-card">
      {scheme ? `${scheme} ` : ""}•••• {last4}
    </span>
  );
}
