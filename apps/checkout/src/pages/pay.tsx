import { api } from "../api.ts";
import { useLoad } from "../load.ts";
import { Checkout } from "../steps/checkout.tsx";
import { Loading, Problem, problemOf } from "../ui.tsx";

/** /checkout/pay?payment_token=T: one payment method (the legacy iframe URL lands here). */
export function PayPage({ token }: { token: string | null }) {
  const loaded = useLoad(`pay:${token}`, () => (token ? api.payment(token) : new Promise<never>(() => {})));
  if (!token) return <Problem kind="missing" />;
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "error") return <Problem kind={problemOf(loaded.error)} onRetry={loaded.retry} />;
  return (
    <Checkout
      payment={loaded.data}
      token={token}
      retry={`/checkout/pay?${new URLSearchParams({ payment_token: token })}`}
    />
  );
}
