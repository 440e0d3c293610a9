import { useState } from "react";
import { ApiError, api, isFinal, type KioskReference, type Payment } from "../api.ts";
import { useI18n } from "../i18n.tsx";
import { fmt } from "../texts.ts";
import { failureText, Spinner, StepHeading, useMoney } from "../ui.tsx";

/**
 * Cash at a kiosk: the customer asks for a bill reference (a pending transaction), then pays it in cash later;
 * the provider notifies the merchant by callback. Asking is a button, so merely opening the page creates nothing.
 */
export default function KioskStep({
  payment,
  token,
  onFinal,
}: {
  payment: Payment;
  token: string;
  onFinal: (error: ApiError) => void;
}) {
  const { t, lang } = useI18n();
  const money = useMoney();
  const [reference, setReference] = useState<KioskReference | null>(null);
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const amount = money(payment.amount_cents, payment);

  async function request() {
    setSending(true);
    setBanner(null);
    try {
      setReference(await api.kiosk(token));
    } catch (e) {
      if (isFinal(e)) return onFinal(e);
      // The merchant's risk rules declined the payment (no reference is issued): said as the card page says it.
      setBanner(e instanceof ApiError && e.code === "risk_declined" ? t.reasonRisk : failureText(t, e));
    } finally {
      setSending(false);
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // the reference stays selectable by hand
    }
  }

  if (!reference) {
    return (
      <div className="card-form">
        <h2 className="section-title">{t.kioskTitle}</h2>
        <p>{t.kioskIntro}</p>
        {banner ? (
          <p className="banner" role="alert">
            {banner}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-pay"
          disabled={sending}
          onClick={request}
          data-testid="kiosk-get"
        >
          {sending ? <Spinner /> : null} {t.kioskGet}
        </button>
      </div>
    );
  }

  const ref = String(reference.bill_reference);
  const expires = reference.expires_at
    ? new Intl.DateTimeFormat(lang, {
        dateStyle: "medium",
        timeStyle: "short",
        numberingSystem: "latn",
      }).format(new Date(reference.expires_at))
    : null;
  return (
    <section className="card-form kiosk" aria-labelledby="kiosk-ref-title">
      <StepHeading>
        <span id="kiosk-ref-title">{t.kioskRef}</span>
      </StepHeading>
      <div className="reference">
        <output className="reference-value" dir="ltr" data-testid="bill-reference">
          {ref}
        </output>
        <button type="button" className="button button-quiet" onClick={() => copy(ref)}>
          {copied ? t.copied : t.copy}
        </button>
      </div>
      {expires ? <p className="muted">{fmt(t.kioskExpires, { date: expires })}</p> : null}
      <h3 className="section-title">{t.kioskHowTo}</h3>
      <ol className="steps">
        <li>{t.kioskStep1}</li>
        <li>{t.kioskStep2}</li>
        <li>{fmt(t.kioskStep3, { amount })}</li>
      </ol>
      <p>{fmt(t.kioskAfter, { merchant: payment.merchant.name })}</p>
      <p className="visually-hidden" aria-live="polite">
        {copied ? t.copied : ""}
      </p>
    </section>
  );
}
