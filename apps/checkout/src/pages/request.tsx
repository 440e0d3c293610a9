import type { CustomerRequest } from "@portal/domain";
import { type FormEvent, useState } from "react";
import { ApiError, call } from "../api.ts";
import { useI18n } from "../i18n.tsx";
import { useLoad } from "../load.ts";
import { useLook } from "../look.ts";
import { navigate } from "../nav.ts";
import type { Lang } from "../texts.ts";
import {
  described,
  Field,
  Icon,
  Loading,
  Problem,
  problemOf,
  Spinner,
  StepHeading,
  Summary,
  useMoney,
} from "../ui.tsx";

/**
 * /checkout/request?token=T: the customer page of a request to pay (issue 14 item 5; docs/pos-risk.md "Request to
 * pay"), the link of the merchant's SMS. It shows what is requested and the tip: the merchant's fixed or percentage
 * tip, or a field for the customer's own. "Continue to payment" asks the server for a payment token of amount plus
 * tip (the server computes the tip again: this page's total is a preview) and goes on to the hosted checkout.
 */

const en = {
  title: "Payment request",
  purpose: "Purpose",
  bill: "Bill number {bill}",
  amount: "Requested amount",
  tip: "Tip",
  tipPercent: "Tip ({percent}%)",
  tipField: "Add a tip (optional)",
  tipHint: "An amount in {currency}, for example 5 or 5.50.",
  tipInvalid: "Please enter a valid tip amount.",
  tipTooLarge: "The amount with the tip is above the maximum allowed for this currency.",
  total: "Total",
  expiresAt: "Pay before {date}",
  payNow: "Continue to payment",
  failed: "The payment could not be started. Please try again.",
  reasons: {
    paid: ["Already paid", "This request has been paid. Thank you! There is nothing more to pay."],
    expired: ["This request has expired", "It can no longer be paid. Please ask the merchant for a new one."],
    cancelled: ["This request was cancelled", "The merchant cancelled it, so it cannot be paid."],
  },
  paidTip: "Tip paid: {tip}",
};

type RequestTexts = typeof en;

const ar: RequestTexts = {
  title: "طلب دفع",
  purpose: "الغرض",
  bill: "رقم الفاتورة {bill}",
  amount: "المبلغ المطلوب",
  tip: "البقشيش",
  tipPercent: "البقشيش ({percent}%)",
  tipField: "أضف بقشيشًا (اختياري)",
  tipHint: "مبلغ بعملة {currency}، مثل 5 أو 5.50.",
  tipInvalid: "يرجى إدخال مبلغ بقشيش صحيح.",
  tipTooLarge: "المبلغ مع البقشيش أعلى من الحد الأقصى المسموح به لهذه العملة.",
  total: "الإجمالي",
  expiresAt: "ادفع قبل {date}",
  payNow: "المتابعة إلى الدفع",
  failed: "تعذّر بدء الدفع. يرجى المحاولة مرة أخرى.",
  reasons: {
    paid: ["تم الدفع بالفعل", "تم دفع هذا الطلب. شكرًا لك! لا يوجد شيء آخر لدفعه."],
    expired: ["انتهت صلاحية هذا الطلب", "لم يعد من الممكن دفعه. يرجى طلب طلب جديد من التاجر."],
    cancelled: ["تم إلغاء هذا الطلب", "ألغاه التاجر، لذلك لا يمكن دفعه."],
  },
  paidTip: "البقشيش المدفوع: {tip}",
};

export const REQUEST_TEXTS: Record<Lang, RequestTexts> = { en, ar };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

/** The customer's typed tip in minor units (digits, an optional fraction of the currency's decimals), or null. */
export function typedTip(text: string, exponent: number): number | null {
  const latin = text.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (latin === "") return 0;
  const match = new RegExp(`^(\\d{1,11})(?:\\.(\\d{1,${exponent}}))?$`).exec(latin);
  if (!match) return null;
  return Number(match[1]) * 10 ** exponent + Number((match[2] ?? "").padEnd(exponent, "0"));
}

export default function RequestPage({ params }: { params: URLSearchParams }) {
  const token = params.get("token") ?? "";
  const valid = /^[0-9a-f]{32}$/.test(token);
  const loaded = useLoad(`request:${token}`, () =>
    valid ? call("GET /api/checkout/requests/:token", { params: { token } }) : new Promise<never>(() => {}),
  );
  if (!valid) return <Problem kind={token ? "invalid" : "missing"} />;
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "error") return <Problem kind={problemOf(loaded.error)} onRetry={loaded.retry} />;
  return <RequestSheet request={loaded.data} token={token} />;
}

function RequestSheet({ request, token }: { request: CustomerRequest; token: string }) {
  const { lang } = useI18n();
  const rt = REQUEST_TEXTS[lang];
  const format = useMoney();
  useLook(request.look);
  const date = new Intl.DateTimeFormat(lang === "ar" ? "ar-EG" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(request.expires_at));
  return (
    <div className="sheet" data-testid="request-page" data-state={request.state}>
      <Summary
        merchant={request.merchant}
        money={request}
        reference={request.reference}
        isLive={request.is_live}
      />
      <section className="panel" aria-labelledby="request-what">
        <h2 id="request-what" className="section-title">
          {rt.title}
        </h2>
        {request.purpose ? (
          <p data-testid="request-purpose">
            <span className="visually-hidden">{rt.purpose}: </span>
            <bdi>{request.purpose}</bdi>
          </p>
        ) : null}
        {request.bill_num ? (
          <p className="muted">
            <bdi>{fill(rt.bill, { bill: request.bill_num })}</bdi>
          </p>
        ) : null}
        {request.state === "open" ? <p className="muted">{fill(rt.expiresAt, { date })}</p> : null}
        {request.state === "paid" && request.paid_tip_cents ? (
          <p data-testid="request-paid-tip">
            <bdi>{fill(rt.paidTip, { tip: format(request.paid_tip_cents, request) })}</bdi>
          </p>
        ) : null}
      </section>
      {request.state === "open" ? (
        <PayForm request={request} token={token} />
      ) : (
        <Reason state={request.state} />
      )}
    </div>
  );
}

function Reason({ state }: { state: Exclude<CustomerRequest["state"], "open"> }) {
  const { lang } = useI18n();
  const [title, body] = REQUEST_TEXTS[lang].reasons[state];
  return (
    <section className="panel problem" data-testid={`request-${state}`}>
      <Icon name={state === "paid" ? "check" : "alert"} />
      <StepHeading>{title}</StepHeading>
      <p>{body}</p>
    </section>
  );
}

function PayForm({ request, token }: { request: CustomerRequest; token: string }) {
  const { lang } = useI18n();
  const rt = REQUEST_TEXTS[lang];
  const format = useMoney();
  const [tipText, setTipText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const consumer = request.tip_type === "consumer";
  const typed = consumer ? typedTip(tipText, request.exponent) : null;
  const tip = consumer ? (typed ?? 0) : (request.tip_cents ?? 0);
  const total = request.amount_cents + tip;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (consumer && typed === null) {
      setError(rt.tipInvalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const started = await call("POST /api/checkout/requests/:token/pay", {
        params: { token },
        body: consumer ? { tip: tipText.trim() } : {},
      });
      navigate(`/checkout/pay?${new URLSearchParams({ payment_token: started.payment_token, lang })}`);
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiError && caught.fields.tip)
        setError(caught.code === "total_too_large" ? rt.tipTooLarge : rt.tipInvalid);
      else if (caught instanceof ApiError && caught.status === 409) window.location.reload();
      else setError(rt.failed);
    }
  };

  return (
    <section className="panel">
      <form className="card-form" onSubmit={submit} noValidate>
        <dl className="facts" data-testid="request-breakdown">
          <div>
            <dt>{rt.amount}</dt>
            <dd>
              <bdi>{format(request.amount_cents, request)}</bdi>
            </dd>
          </div>
          {request.tip_type === "fixed" || request.tip_type === "percentage" ? (
            <div>
              <dt>
                {request.tip_type === "percentage"
                  ? fill(rt.tipPercent, { percent: request.tip_value })
                  : rt.tip}
              </dt>
              <dd data-testid="request-tip">
                <bdi>{format(tip, request)}</bdi>
              </dd>
            </div>
          ) : null}
        </dl>
        {consumer ? (
          <Field
            id="request-tip-input"
            label={rt.tipField}
            hint={fill(rt.tipHint, { currency: request.currency })}
            error={error}
          >
            <input
              id="request-tip-input"
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              value={tipText}
              maxLength={20}
              onChange={(e) => {
                setTipText(e.currentTarget.value);
                setError(null);
              }}
              data-testid="request-tip-input"
              {...described("request-tip-input", true, error)}
            />
          </Field>
        ) : null}
        <p className="amount-total" data-testid="request-total">
          {rt.total}: <bdi>{format(total, request)}</bdi>
        </p>
        {error && !consumer ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-pay" disabled={busy} data-testid="request-pay">
          {busy ? <Spinner /> : null}
          {rt.payNow}
        </button>
      </form>
    </section>
  );
}
