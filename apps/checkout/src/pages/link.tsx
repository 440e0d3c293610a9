import type { CustomerLink, CustomerLinkState } from "@portal/domain";
import { type FormEvent, useState } from "react";
import { call } from "../api.ts";
import { useI18n } from "../i18n.tsx";
import { useLoad } from "../load.ts";
import { useLook } from "../look.ts";
import { navigate } from "../nav.ts";
import type { Lang } from "../texts.ts";
import { Icon, Loading, Problem, problemOf, StepHeading, Summary, useMoney } from "../ui.tsx";
import { methodLabel } from "./unified.tsx";

/**
 * /checkout/link?token=T: the customer page of an invoice or a payment link (issue 13 item 7). It shows the
 * merchant's name and logo and what is being paid, then continues to the hosted checkout (/checkout/pay) with the
 * chosen method's payment token; a row that cannot be paid says why. Its texts live here (the page loads lazily,
 * so they stay out of the payment page's first download).
 */

const en = {
  invoiceTitle: "Invoice",
  linkTitle: "Payment request",
  description: "Description",
  items: "Items",
  quantity: "Quantity {n}",
  expiresAt: "Pay before {date}",
  payNow: "Continue to payment",
  reasons: {
    paid: ["Already paid", "This has been paid. Thank you! There is nothing more to pay."],
    expired: [
      "This payment link has expired",
      "It can no longer be paid. Please ask the merchant for a new one.",
    ],
    canceled: ["This payment link was cancelled", "The merchant cancelled it, so it cannot be paid."],
    deactivated: ["This payment link is disabled", "The merchant disabled it, so it cannot be paid."],
    no_attempts_left: [
      "No payment attempts left",
      "The 3 allowed payment attempts have been used. Please ask the merchant for a new link.",
    ],
    unavailable: ["This payment cannot be made online", "None of its payment methods is available now."],
  },
};

type LinkTexts = typeof en;

const ar: LinkTexts = {
  invoiceTitle: "فاتورة",
  linkTitle: "طلب دفع",
  description: "الوصف",
  items: "العناصر",
  quantity: "الكمية {n}",
  expiresAt: "ادفع قبل {date}",
  payNow: "المتابعة إلى الدفع",
  reasons: {
    paid: ["تم الدفع بالفعل", "تم دفع هذا المبلغ. شكرًا لك! لا يوجد شيء آخر لدفعه."],
    expired: ["انتهت صلاحية رابط الدفع هذا", "لم يعد من الممكن دفعه. يرجى طلب رابط جديد من التاجر."],
    canceled: ["تم إلغاء رابط الدفع هذا", "ألغاه التاجر، لذلك لا يمكن دفعه."],
    deactivated: ["رابط الدفع هذا معطّل", "عطّله التاجر، لذلك لا يمكن دفعه."],
    no_attempts_left: [
      "لم تتبقَّ محاولات دفع",
      "تم استخدام محاولات الدفع الثلاث المسموح بها. يرجى طلب رابط جديد من التاجر.",
    ],
    unavailable: ["لا يمكن إتمام هذا الدفع عبر الإنترنت", "لا تتوفر أي من طرق الدفع الخاصة به الآن."],
  },
};

export const LINK_TEXTS: Record<Lang, LinkTexts> = { en, ar };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

export default function LinkPage({ params }: { params: URLSearchParams }) {
  const token = params.get("token") ?? "";
  const valid = /^[0-9a-f]{32}$/.test(token);
  const loaded = useLoad(`link:${token}`, () =>
    valid ? call("GET /api/checkout/links/:token", { params: { token } }) : new Promise<never>(() => {}),
  );
  if (!valid) return <Problem kind={token ? "invalid" : "missing"} />;
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "error") return <Problem kind={problemOf(loaded.error)} onRetry={loaded.retry} />;
  return <LinkSheet link={loaded.data} />;
}

function LinkSheet({ link }: { link: CustomerLink }) {
  const { lang } = useI18n();
  const lt = LINK_TEXTS[lang];
  const format = useMoney();
  useLook(link.look);
  const date = link.expires_at
    ? new Intl.DateTimeFormat(lang === "ar" ? "ar-EG" : "en-GB", {
        dateStyle: "medium",
        timeStyle: "short",
      }).format(new Date(link.expires_at))
    : null;
  return (
    <div className="sheet" data-testid="link-page" data-state={link.state}>
      <Summary merchant={link.merchant} money={link} reference={link.reference} isLive={link.is_live} />
      <section className="panel" aria-labelledby="link-what">
        <h2 id="link-what" className="section-title">
          {link.kind === "invoice" ? lt.invoiceTitle : lt.linkTitle}
        </h2>
        {link.product_image_url ? (
          <img
            className="product-image"
            src={link.product_image_url}
            alt=""
            width={240}
            style={{ maxWidth: "100%", height: "auto" }}
          />
        ) : null}
        {link.description ? (
          <p data-testid="link-description">
            <span className="visually-hidden">{lt.description}: </span>
            {link.description}
          </p>
        ) : null}
        {link.items.length > 0 ? (
          <ul className="facts" aria-label={lt.items} data-testid="link-items">
            {link.items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the cart's lines never move.
              <li key={i}>
                <bdi>{item.name}</bdi> · {fill(lt.quantity, { n: String(item.quantity) })}
                {item.amount_cents !== null ? (
                  <>
                    {" "}
                    · <bdi>{format(item.amount_cents, link)}</bdi>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {date && link.state === "open" ? <p className="muted">{fill(lt.expiresAt, { date })}</p> : null}
      </section>
      {link.state === "open" ? <MethodChoice link={link} /> : <Reason state={link.state} />}
    </div>
  );
}

function Reason({ state }: { state: Exclude<CustomerLinkState, "open"> }) {
  const { lang } = useI18n();
  const [title, body] = LINK_TEXTS[lang].reasons[state];
  return (
    <section className="panel problem" data-testid={`link-${state}`}>
      <Icon name={state === "paid" ? "check" : "alert"} />
      <StepHeading>{title}</StepHeading>
      <p>{body}</p>
    </section>
  );
}

function MethodChoice({ link }: { link: CustomerLink }) {
  const { t, lang } = useI18n();
  const lt = LINK_TEXTS[lang];
  const [picked, setPicked] = useState<number | null>(link.methods[0]?.integration_id ?? null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const method = link.methods.find((m) => m.integration_id === picked);
    if (method) navigate(`/checkout/pay?${new URLSearchParams({ payment_token: method.payment_token })}`);
  };
  return (
    <section className="panel">
      <form className="card-form" onSubmit={submit}>
        {link.methods.length > 1 ? (
          <fieldset className="methods">
            <legend className="section-title">{t.chooseMethod}</legend>
            {link.methods.map((m) => (
              <label key={m.integration_id} className="method">
                <input
                  type="radio"
                  name="method"
                  value={m.integration_id}
                  checked={picked === m.integration_id}
                  onChange={() => setPicked(m.integration_id)}
                  data-testid={`link-method-${m.gateway_type}`}
                />
                <span>{methodLabel(t, m)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <button type="submit" className="button button-pay" data-testid="link-pay">
          {lt.payNow}
        </button>
      </form>
    </section>
  );
}
