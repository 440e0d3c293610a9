import { useState } from "react";
import { ApiError, call } from "../api.ts";
import { useI18n } from "../i18n.tsx";
import { useLoad } from "../load.ts";
import { follow, safeUrl } from "../nav.ts";
import { fmt } from "../texts.ts";
import { Icon, Loading, Problem, problemOf, Spinner, StepHeading, useMoney } from "../ui.tsx";

/**
 * /checkout/product?id=P: a merchant's product page (docs/selling.md "Products"). The customer sees the merchant,
 * the product and its price, picks a quantity when the merchant allows it and a payment method, and goes on to
 * the hosted checkout of the purchase (/checkout/pay). A product sold out, or whose last items other customers
 * are paying for, says so and sells nothing.
 */

const TEXTS = {
  en: {
    price: "Price",
    quantity: "Quantity",
    quantityHint: "At most {n}",
    total: "Total",
    method: "Pay with",
    buy: "Buy now",
    delivery: "Delivered to you",
    soldOutTitle: "Sold out",
    soldOutBody: "This product is sold out. Please check again later.",
    reservedTitle: "Being bought right now",
    reservedBody: "The last items are being bought by other customers. Please try again in a few minutes.",
    errQuantity: "Choose a quantity from 1 to {n}.",
    errFailed: "We could not start your payment. Please try again.",
    noMethods: "This product cannot be paid online right now.",
    resume: "Continue your payment",
    resumeHint: "Your items are held for you until {time}.",
  },
  ar: {
    price: "السعر",
    quantity: "الكمية",
    quantityHint: "بحد أقصى {n}",
    total: "الإجمالي",
    method: "الدفع بواسطة",
    buy: "اشترِ الآن",
    delivery: "يصلك بالتوصيل",
    soldOutTitle: "نفدت الكمية",
    soldOutBody: "نفدت كمية هذا المنتج. يرجى المحاولة لاحقًا.",
    reservedTitle: "يجري شراؤه الآن",
    reservedBody: "يشتري عملاء آخرون آخر القطع الآن. يرجى المحاولة مرة أخرى بعد بضع دقائق.",
    errQuantity: "اختر كمية من 1 إلى {n}.",
    errFailed: "تعذّر بدء الدفع. يرجى المحاولة مرة أخرى.",
    noMethods: "لا يمكن دفع ثمن هذا المنتج عبر الإنترنت الآن.",
    resume: "أكمل الدفع",
    resumeHint: "القطع محجوزة لك حتى {time}.",
  },
} as const;

type Page = Awaited<ReturnType<typeof loadPage>>;
const loadPage = (id: string) => call("GET /api/checkout/products/:public_id", { params: { public_id: id } });

/** The purchase this browser holds for a product (its pay page, until its items are released). */
interface Held {
  payUrl: string;
  until: string;
}
const heldKey = (id: string) => `product-purchase:${id}`;
function readHeld(id: string): Held | null {
  try {
    const held = JSON.parse(sessionStorage.getItem(heldKey(id)) ?? "null") as Held | null;
    return held && new Date(held.until).getTime() > Date.now() ? held : null;
  } catch {
    return null;
  }
}
function rememberHeld(id: string, held: Held): void {
  try {
    sessionStorage.setItem(heldKey(id), JSON.stringify(held));
  } catch {
    // storage refused (private mode): the customer simply cannot come back to it
  }
}

export default function ProductPage({ id }: { id: string | null }) {
  const [attempt, setAttempt] = useState(0);
  const loaded = useLoad(`product:${id}:${attempt}`, () =>
    id ? loadPage(id) : new Promise<never>(() => {}),
  );
  if (!id) return <Problem kind="missing" />;
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "error") return <Problem kind={problemOf(loaded.error)} onRetry={loaded.retry} />;
  return <ProductSheet id={id} page={loaded.data} onStale={() => setAttempt((n) => n + 1)} />;
}

const METHOD_TEXT = {
  card: "methodCard",
  wallet: "methodWallet",
  kiosk: "methodKiosk",
  valu: "methodValu",
  installments: "methodInstallments",
} as const;

function ProductSheet({ id, page, onStale }: { id: string; page: Page; onStale: () => void }) {
  const { t, lang } = useI18n();
  const p = TEXTS[lang];
  const format = useMoney();
  const money = { amount_cents: page.product.price_cents, ...page.product };
  const [quantity, setQuantity] = useState("1");
  const [method, setMethod] = useState<number | null>(page.methods[0]?.integration_id ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const n = Number(quantity);
  const validQuantity = Number.isInteger(n) && n >= 1 && n <= page.max_quantity;

  const buy = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!validQuantity) {
      setError(fmt(p.errQuantity, { n: page.max_quantity }));
      return;
    }
    if (method === null) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await call("POST /api/checkout/products/:public_id/purchase", {
        params: { public_id: id },
        body: { quantity: n, integration_id: method },
      });
      rememberHeld(id, { payUrl: answer.pay_url, until: answer.reserved_until });
      const url = safeUrl(answer.pay_url);
      if (url) follow(url);
    } catch (err) {
      setBusy(false);
      // Sold out or held by others meanwhile: show the product as it now is.
      if (err instanceof ApiError && err.status === 409) onStale();
      else setError(p.errFailed);
    }
  };

  const refused = page.state !== "open";
  const held = page.state === "sold_out" ? null : readHeld(id);
  const resume = held ? safeUrl(held.payUrl) : null;
  const resumeBlock =
    held && resume ? (
      <p className="banner" data-testid="product-resume">
        <a
          href={resume.href}
          onClick={(e) => {
            e.preventDefault();
            follow(resume);
          }}
        >
          {p.resume}
        </a>{" "}
        {fmt(p.resumeHint, {
          time: new Date(held.until).toLocaleTimeString(lang === "ar" ? "ar-EG" : "en-GB", {
            hour: "2-digit",
            minute: "2-digit",
          }),
        })}
      </p>
    ) : null;
  return (
    <div className="sheet" data-testid="product-page" data-state={page.state}>
      <aside className="summary" aria-labelledby="summary-title">
        <div className="merchant">
          {page.merchant.logo_url ? (
            <img className="logo" src={page.merchant.logo_url} alt="" width={40} height={40} />
          ) : (
            <span className="logo logo-initial" aria-hidden="true">
              {page.merchant.name.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <p className="merchant-name" data-testid="product-merchant">
            <bdi>{page.merchant.name}</bdi>
          </p>
        </div>
        {page.product.image_url ? (
          <img
            className="product-image"
            src={page.product.image_url}
            alt={page.product.name}
            style={{
              inlineSize: "100%",
              maxBlockSize: "14rem",
              objectFit: "contain",
              borderRadius: "0.5rem",
            }}
          />
        ) : null}
        <h1 id="summary-title" className="section-title" data-testid="product-name">
          <bdi>{page.product.name}</bdi>
        </h1>
        {page.product.description ? <p className="muted">{page.product.description}</p> : null}
        <p className="amount-label">{p.price}</p>
        <p className="amount" data-testid="product-price">
          <bdi>{format(page.product.price_cents, money)}</bdi>
        </p>
        {page.product.delivery_needed ? <p className="muted">{p.delivery}</p> : null}
        {page.product.is_live ? null : (
          <div className="test-mode">
            <span className="badge">{t.testMode}</span>
          </div>
        )}
      </aside>
      {refused ? (
        <section className="panel problem" data-testid={`product-${page.state}`}>
          <Icon name="alert" />
          <StepHeading level={2}>{page.state === "sold_out" ? p.soldOutTitle : p.reservedTitle}</StepHeading>
          <p>{page.state === "sold_out" ? p.soldOutBody : p.reservedBody}</p>
          {resumeBlock}
        </section>
      ) : (
        <section className="panel">
          {resumeBlock}
          <form onSubmit={buy} noValidate className="card-form">
            {page.product.allow_quantity_edit ? (
              <div className={error && !validQuantity ? "field has-error" : "field"}>
                <label htmlFor="quantity">{p.quantity}</label>
                <input
                  id="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={page.max_quantity}
                  value={quantity}
                  onInput={(e) => setQuantity((e.target as HTMLInputElement).value)}
                  aria-describedby="quantity-hint"
                  data-testid="product-quantity"
                />
                <span id="quantity-hint" className="hint">
                  {fmt(p.quantityHint, { n: page.max_quantity })}
                </span>
              </div>
            ) : null}
            {page.methods.length > 1 ? (
              <fieldset className="methods">
                <legend>{p.method}</legend>
                {page.methods.map((m) => (
                  <label key={m.integration_id} className="method">
                    <input
                      type="radio"
                      name="method"
                      checked={method === m.integration_id}
                      onChange={() => setMethod(m.integration_id)}
                    />
                    <span>
                      {m.name in METHOD_TEXT ? t[METHOD_TEXT[m.name as keyof typeof METHOD_TEXT]] : m.name}
                    </span>
                    <span />
                  </label>
                ))}
              </fieldset>
            ) : null}
            <p className="amount-label">{p.total}</p>
            <p className="amount" data-testid="product-total">
              <bdi>{format(page.product.price_cents * (validQuantity ? n : 1), money)}</bdi>
            </p>
            {error ? (
              <p className="error" role="alert">
                {error}
              </p>
            ) : null}
            {method === null ? (
              <p className="banner">{p.noMethods}</p>
            ) : (
              <button type="submit" className="button button-pay" disabled={busy} data-testid="product-buy">
                {busy ? <Spinner /> : null}
                {p.buy}
              </button>
            )}
          </form>
        </section>
      )}
    </div>
  );
}
