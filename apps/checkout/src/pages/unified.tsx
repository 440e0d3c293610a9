import { type FormEvent, useState } from "react";
import { api, type Intention } from "../api.ts";
import { useI18n } from "../i18n.tsx";
import { useLoad } from "../load.ts";
import { useLook } from "../look.ts";
import { navigate } from "../nav.ts";
import { Checkout, methodKind } from "../steps/checkout.tsx";
import type { Texts } from "../texts.ts";
import { Icon, type IconName, Loading, Problem, problemOf, Summary } from "../ui.tsx";

type Method = Intention["methods"][number];

export function methodLabel(t: Texts, method: Method): string {
  const gateway = method.gateway_type.toUpperCase();
  if (gateway === "VALU") return t.methodValu;
  if (gateway === "INSTALLMENT") return t.methodInstallments;
  const kind = methodKind(gateway);
  if (kind === "card") return t.methodCard;
  if (kind === "wallet") return t.methodWallet;
  if (kind === "kiosk") return t.methodKiosk;
  return method.name;
}

function methodIcon(gatewayType: string): IconName {
  const gateway = gatewayType.toUpperCase();
  if (gateway === "VALU" || gateway === "INSTALLMENT") return "calendar";
  const kind = methodKind(gateway);
  return kind === "wallet" ? "wallet" : kind === "kiosk" ? "cash" : "card";
}

/**
 * /checkout/unified?publicKey&clientSecret: the Intention API page. The customer chooses one of the intention's
 * methods (kept in the URL as &method=<integration id>), then pays with that method's payment token.
 */
export function UnifiedPage({ params }: { params: URLSearchParams }) {
  const publicKey = params.get("publicKey") ?? "";
  const clientSecret = params.get("clientSecret") ?? "";
  const chosen = params.get("method");
  const loaded = useLoad(`intention:${publicKey}:${clientSecret}`, () =>
    publicKey && clientSecret ? api.intention(publicKey, clientSecret) : new Promise<never>(() => {}),
  );
  if (!publicKey || !clientSecret) return <Problem kind="missing" />;
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "error") return <Problem kind={problemOf(loaded.error)} onRetry={loaded.retry} />;
  const intention = loaded.data;
  if (intention.state === "paid") return <Problem kind="paid" />;
  const base = `/checkout/unified?${new URLSearchParams({ publicKey, clientSecret })}`;
  const only = intention.methods.length === 1 ? intention.methods[0] : undefined;
  const method = only ?? intention.methods.find((m) => String(m.integration_id) === chosen);
  if (method) {
    return <MethodPayment method={method} retry={base} canChange={!only} />;
  }
  // The intention's answer does not say its mode; the public key carries it (egy_pk_test_... or egy_pk_live_...).
  const isLive = /_live_/.test(publicKey);
  return <MethodChoice intention={intention} base={base} isLive={isLive} />;
}

function MethodChoice({ intention, base, isLive }: { intention: Intention; base: string; isLive: boolean }) {
  const { t } = useI18n();
  useLook(intention.look);
  const [picked, setPicked] = useState<number | null>(intention.methods[0]?.integration_id ?? null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked !== null) navigate(`${base}&method=${picked}`);
  };
  return (
    <div className="sheet">
      <Summary merchant={intention.merchant} money={intention} isLive={isLive} />
      <section className="panel">
        <form className="card-form" onSubmit={submit}>
          <fieldset className="methods">
            <legend className="section-title">{t.chooseMethod}</legend>
            {intention.methods.map((m) => (
              <label key={m.integration_id} className="method">
                <input
                  type="radio"
                  name="method"
                  value={m.integration_id}
                  checked={picked === m.integration_id}
                  onChange={() => setPicked(m.integration_id)}
                  data-testid={`method-${m.gateway_type}`}
                />
                <Icon name={methodIcon(m.gateway_type)} className="method-icon" />
                <span>{methodLabel(t, m)}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button-pay" data-testid="method-continue">
            {t.continue}
          </button>
        </form>
      </section>
    </div>
  );
}

function MethodPayment({ method, retry, canChange }: { method: Method; retry: string; canChange: boolean }) {
  const { t } = useI18n();
  const loaded = useLoad(`pay:${method.payment_token}`, () => api.payment(method.payment_token));
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "error") return <Problem kind={problemOf(loaded.error)} onRetry={loaded.retry} />;
  const header = canChange ? (
    <button type="button" className="link-button back" onClick={() => navigate(retry)}>
      {t.changeMethod}
    </button>
  ) : null;
  return <Checkout payment={loaded.data} token={method.payment_token} retry={retry} header={header} />;
}
