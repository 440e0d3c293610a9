import { type FormEvent, useRef, useState } from "react";
import {
  ApiError,
  api,
  type Challenge,
  type Done,
  isFinal,
  newIdempotencyKey,
  type Payment,
} from "../api.ts";
import {
  cardBrand,
  caretAfterDigits,
  cvvProblem,
  digitsOf,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  holderProblem,
  PAN_MAX,
  panProblem,
  parseExpiry,
} from "../card.ts";
import { useI18n } from "../i18n.tsx";
import { fmt, plural } from "../texts.ts";
import { described, Field, failureText, Spinner, useMoney } from "../ui.tsx";

type FieldName = "plan" | "holder" | "pan" | "expiry" | "cvv";
const ORDER: FieldName[] = ["plan", "holder", "pan", "expiry", "cvv"];

/** Server field names (POST /api/checkout/card) to the form's fields. */
/** The element each field's problem sends the focus to. */
const INPUT_ID: Record<FieldName, string> = {
  plan: "plan-first",
  holder: "cc-name",
  pan: "cc-number",
  expiry: "cc-exp",
  cvv: "cc-csc",
};
const focusField = (name: FieldName) => document.getElementById(INPUT_ID[name])?.focus();

const SERVER_FIELDS: Record<string, FieldName> = {
  card_holder: "holder",
  pan: "pan",
  expiry_month: "expiry",
  expiry_year: "expiry",
  cvv: "cvv",
  installment_months: "plan",
};

export interface CardFormProps {
  payment: Payment;
  token: string;
  onChallenge: (challenge: Challenge, last4: string, installmentMonths: number | undefined) => void;
  onDone: (done: Done) => void;
  onFinal: (error: ApiError) => void;
}

export function CardForm({ payment, token, onChallenge, onDone, onFinal }: CardFormProps) {
  const { t, lang } = useI18n();
  const money = useMoney();
  const plans = payment.installment_plans ?? [];
  const [plan, setPlan] = useState<number | null>(null);
  const [holder, setHolder] = useState("");
  const [pan, setPan] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvv, setCvv] = useState("");
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  // One key per submission of the same details; kept when the answer was lost, dropped on any edit.
  const submission = useRef<string | null>(null);

  const problems: Record<FieldName, string | null> = {
    plan: plans.length > 0 && plan === null ? t.errPlan : null,
    holder: holderProblem(holder) ? t.errHolder : null,
    pan: ((p) => (p === "required" ? t.errPanRequired : p === "invalid" ? t.errPanInvalid : null))(
      panProblem(pan),
    ),
    expiry: ((p) =>
      p === "required"
        ? t.errExpiryRequired
        : p === "invalid"
          ? t.errExpiryInvalid
          : p === "expired"
            ? t.errExpiryPast
            : null)(expiryProblem(expiry)),
    cvv: cvvProblem(cvv) ? t.errCvv : null,
  };
  const shown = (name: FieldName): string | null =>
    submitted || touched[name] ? (problems[name] ?? (serverErrors[name] ? t.errField : null)) : null;
  const blur = (name: FieldName) => () => setTouched((s) => ({ ...s, [name]: true }));
  const edited = (name: FieldName) => {
    submission.current = null;
    setServerErrors((s) => (s[name] ? { ...s, [name]: false } : s));
  };

  const brand = cardBrand(digitsOf(pan));
  const amount = money(payment.amount_cents, payment);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setBanner(null);
    const first = ORDER.find((name) => problems[name]);
    if (first) {
      focusField(first);
      return;
    }
    const exp = parseExpiry(expiry)!;
    const panDigits = digitsOf(pan);
    setSending(true);
    submission.current ??= newIdempotencyKey();
    try {
      const answer = await api.card(
        {
          payment_token: token,
          card_holder: holder.trim(),
          pan: panDigits,
          expiry_month: exp.month,
          expiry_year: exp.year % 100,
          cvv: digitsOf(cvv),
          ...(plan !== null ? { installment_months: plan } : {}),
        },
        submission.current,
      );
      if (answer.state === "challenge") onChallenge(answer, panDigits.slice(-4), plan ?? undefined);
      else onDone(answer);
    } catch (error) {
      setSending(false);
      if (!(error instanceof ApiError && error.kind === "network")) submission.current = null;
      if (isFinal(error)) return onFinal(error);
      if (error instanceof ApiError && error.kind === "invalid") {
        const marked: Partial<Record<FieldName, boolean>> = {};
        for (const key of Object.keys(error.fields)) {
          const name = SERVER_FIELDS[key];
          if (name) marked[name] = true;
        }
        setServerErrors(marked);
        setBanner(t.errFix);
        const firstServer = ORDER.find((name) => marked[name]);
        if (firstServer) focusField(firstServer);
        return;
      }
      setBanner(failureText(t, error));
    }
  }

  return (
    <form className="card-form" noValidate onSubmit={submit} aria-labelledby="card-title">
      {plans.length > 0 ? (
        <fieldset
          className={shown("plan") ? "plans has-error" : "plans"}
          aria-describedby={shown("plan") ? "plan-error" : undefined}
        >
          <legend>{payment.method.gateway_type === "VALU" ? t.planValuTitle : t.planTitle}</legend>
          {plans.map((p, i) => (
            <label key={p.months} className="plan">
              <input
                type="radio"
                name="plan"
                value={p.months}
                checked={plan === p.months}
                id={i === 0 ? "plan-first" : undefined}
                onChange={() => {
                  setPlan(p.months);
                  edited("plan");
                }}
                data-testid={`plan-${p.months}`}
              />
              <span className="plan-months">{plural(lang, t.months, p.months)}</span>
              <span className="plan-monthly">
                <bdi>{fmt(t.planMonthly, { amount: money(p.monthly_amount_cents, payment) })}</bdi>
              </span>
              <span className="plan-fees muted">
                {p.fees_cents > 0 ? fmt(t.planFees, { amount: money(p.fees_cents, payment) }) : t.planNoFees}
              </span>
            </label>
          ))}
          {shown("plan") ? (
            <p id="plan-error" className="error">
              {shown("plan")}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <h2 id="card-title" className="section-title">
        {t.cardTitle}
      </h2>
      <Field id="cc-name" label={t.cardHolder} error={shown("holder")}>
        <input
          id="cc-name"
          name="cc-name"
          autoComplete="cc-name"
          autoCapitalize="characters"
          maxLength={100}
          spellCheck={false}
          value={holder}
          onChange={(e) => {
            setHolder(e.target.value);
            edited("holder");
          }}
          onBlur={blur("holder")}
          {...described("cc-name", false, shown("holder"))}
        />
      </Field>
      <Field id="cc-number" label={t.cardNumber} error={shown("pan")}>
        <div className="with-brand" dir="ltr">
          <input
            id="cc-number"
            name="cc-number"
            autoComplete="cc-number"
            inputMode="numeric"
            dir="ltr"
            maxLength={PAN_MAX + Math.floor((PAN_MAX - 1) / 4)}
            placeholder="1234 1234 1234 1234"
            value={pan}
            onChange={(e) => {
              const input = e.target;
              const before = digitsOf(
                input.value.slice(0, input.selectionStart ?? input.value.length),
              ).length;
              const next = formatCardNumber(input.value);
              setPan(next);
              edited("pan");
              requestAnimationFrame(() => {
                if (document.activeElement === input) {
                  const at = caretAfterDigits(next, before);
                  input.setSelectionRange(at, at);
                }
              });
            }}
            onBlur={blur("pan")}
            {...described("cc-number", false, shown("pan"))}
          />
          <span className={`brand brand-${brand ?? "none"}`} data-testid="card-brand">
            {brand === "visa" ? t.brandVisa : brand === "mastercard" ? t.brandMastercard : ""}
          </span>
        </div>
      </Field>
      <div className="row">
        <Field id="cc-exp" label={t.expiry} hint={t.expiryHint} error={shown("expiry")}>
          <input
            id="cc-exp"
            name="cc-exp"
            autoComplete="cc-exp"
            inputMode="numeric"
            dir="ltr"
            maxLength={7}
            placeholder="MM/YY"
            value={expiry}
            onChange={(e) => {
              const raw = e.target.value;
              // Deleting back over the slash must not put it straight back.
              setExpiry(raw.length < expiry.length ? raw : formatExpiry(raw));
              edited("expiry");
            }}
            onBlur={blur("expiry")}
            {...described("cc-exp", true, shown("expiry"))}
          />
        </Field>
        <Field id="cc-csc" label={t.cvv} hint={t.cvvHint} error={shown("cvv")}>
          <input
            id="cc-csc"
            name="cc-csc"
            autoComplete="cc-csc"
            inputMode="numeric"
            dir="ltr"
            maxLength={4}
            type="password"
            value={cvv}
            onChange={(e) => {
              setCvv(digitsOf(e.target.value).slice(0, 4));
              edited("cvv");
            }}
            onBlur={blur("cvv")}
            {...described("cc-csc", true, shown("cvv"))}
          />
        </Field>
      </div>
      {banner ? (
        <p className="banner" role="alert">
          {banner}
        </p>
      ) : null}
      <button type="submit" className="button button-pay" disabled={sending} data-testid="pay">
        {sending ? (
          <>
            <Spinner /> {t.processing}
          </>
        ) : (
          <bdi>{fmt(t.pay, { amount })}</bdi>
        )}
      </button>
    </form>
  );
}
