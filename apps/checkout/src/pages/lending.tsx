import type { AnswerOf, lendingApi } from "@portal/domain";
import { normalizeDigits } from "@portal/domain/digits";
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { ApiError, api, type Challenge, call, type Done, type Payment } from "../api.ts";
import { rich, useI18n } from "../i18n.tsx";
import { CardForm } from "../steps/card-form.tsx";
import { fmt } from "../texts.ts";
import { described, Field, Icon, Loading, Spinner, StepHeading, Summary, useMoney } from "../ui.tsx";

const ChallengeStep = lazy(() => import("../steps/challenge.tsx"));

/**
 * /checkout/lending?lender=ID: the lending collection flow (merchant-dashboard.md section 2; docs/pos-risk.md
 * "Lending"). The customer enters a national ID, sees the loan's service details, chooses card or balance,
 * confirms in a popup (the balance asks its PIN there), and sees success or failure with Try again. The card is
 * paid on the hosted checkout's own card form (and 3-D Secure step) with the instalment's payment token. The
 * national ID stays in this page's memory: never in the URL or in storage.
 */

export const LENDING_TEXTS = {
  en: {
    title: "Pay your instalment",
    intro: "Enter your national ID to see your loan and pay the instalment that is due.",
    nationalId: "National ID",
    nationalIdHint: "The 14 digits on your national ID card.",
    invalidNationalId: "Please enter the 14-digit national number correctly.",
    find: "Continue",
    noLoan: "User does not have Loan",
    notEnoughBalance: "User does not have enough balance",
    paymentFailed: "Payment failed, please try again later",
    incorrectCredentials: "incorrect credentials",
    unknownLender: "This lending page is not valid. Check the link you received from your lender.",
    alreadyPaid: "This instalment has already been paid.",
    pinLocked: "Too many wrong PINs. Please try again in 15 minutes.",
    serviceDetails: "Service details",
    customer: "National ID {id}",
    serviceName: "Service name",
    reference: "Reference number",
    amount: "Amount",
    outstanding: "Still owed",
    instalmentAmount: "Instalment amount",
    instalmentOf: "Instalment {n} of {total}",
    fees: "Payment fees",
    total: "Total to pay",
    source: "Pay from",
    sourceCard: "Debit or credit card",
    sourceBalance: "Balance",
    pay: "Pay {amount}",
    changeId: "Use another national ID",
    confirmTitle: "Confirm payment",
    confirmBody: "Pay {amount} for instalment {n} of {service}?",
    confirmCard: "You will enter your card details next.",
    pin: "Balance PIN",
    pinHint: "The 4 to 6 digit PIN of your balance.",
    pinRequired: "Enter your balance PIN.",
    confirm: "Confirm",
    cancel: "Cancel",
    changeSource: "Choose another way to pay",
    successTitle: "Payment successful",
    successBody: "Instalment {n} of {service} is paid.",
    paid: "Paid",
    remaining: "Still owed",
    loanClosed: "Your loan is fully paid.",
    failureTitle: "Payment failed",
    tryAgain: "Try Again",
    startOver: "Done",
    pendingTitle: "Payment pending",
    pendingBody: "Your card payment is being processed. Check again in a few minutes before paying again.",
    testPins: "Test mode: no real money moves.",
  },
  ar: {
    title: "ادفع قسطك",
    intro: "أدخل رقمك القومي لعرض قرضك ودفع القسط المستحق.",
    nationalId: "الرقم القومي",
    nationalIdHint: "الأرقام الأربعة عشر المدونة على بطاقة الرقم القومي.",
    invalidNationalId: "يرجى إدخال الرقم القومي المكون من 14 رقمًا بشكل صحيح.",
    find: "متابعة",
    noLoan: "لا يوجد قرض لهذا المستخدم",
    notEnoughBalance: "لا يوجد رصيد كافٍ لدى المستخدم",
    paymentFailed: "فشل الدفع، يرجى المحاولة مرة أخرى لاحقًا",
    incorrectCredentials: "بيانات الاعتماد غير صحيحة",
    unknownLender: "صفحة التمويل هذه غير صالحة. تحقق من الرابط الذي وصلك من جهة التمويل.",
    alreadyPaid: "تم دفع هذا القسط بالفعل.",
    pinLocked: "محاولات كثيرة برقم سري خاطئ. يرجى المحاولة مرة أخرى بعد 15 دقيقة.",
    serviceDetails: "تفاصيل الخدمة",
    customer: "الرقم القومي {id}",
    serviceName: "اسم الخدمة",
    reference: "الرقم المرجعي",
    amount: "المبلغ",
    outstanding: "المتبقي",
    instalmentAmount: "قيمة القسط",
    instalmentOf: "القسط {n} من {total}",
    fees: "رسوم الدفع",
    total: "الإجمالي المطلوب",
    source: "الدفع من",
    sourceCard: "بطاقة خصم أو ائتمان",
    sourceBalance: "الرصيد",
    pay: "ادفع {amount}",
    changeId: "استخدام رقم قومي آخر",
    confirmTitle: "تأكيد الدفع",
    confirmBody: "هل تريد دفع {amount} للقسط {n} من {service}؟",
    confirmCard: "ستُدخل بيانات بطاقتك في الخطوة التالية.",
    pin: "الرقم السري للرصيد",
    pinHint: "الرقم السري لرصيدك المكون من 4 إلى 6 أرقام.",
    pinRequired: "أدخل الرقم السري لرصيدك.",
    confirm: "تأكيد",
    cancel: "إلغاء",
    changeSource: "اختيار طريقة دفع أخرى",
    successTitle: "تم الدفع بنجاح",
    successBody: "تم دفع القسط {n} من {service}.",
    paid: "المدفوع",
    remaining: "المتبقي",
    loanClosed: "تم سداد قرضك بالكامل.",
    failureTitle: "فشل الدفع",
    tryAgain: "حاول مرة أخرى",
    startOver: "تم",
    pendingTitle: "الدفع قيد المعالجة",
    pendingBody: "تتم معالجة الدفع بالبطاقة. تحقق مرة أخرى بعد بضع دقائق قبل الدفع من جديد.",
    testPins: "وضع الاختبار: لا تُنقل أموال حقيقية.",
  },
} as const;

type L = { [K in keyof (typeof LENDING_TEXTS)["en"]]: string };
type Lookup = AnswerOf<typeof lendingApi.lookup>;
type Loan = Lookup["loans"][number];
type Source = "card" | "balance";

/** The national ID as digits: Arabic-Indic digits made ASCII, spaces and dashes dropped. */
export function nationalDigits(value: string): string {
  return normalizeDigits(value).replace(/[\s-]+/g, "");
}

/** The spec's message (in the page's language) for an error code of the lending API. */
function messageOf(l: L, error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const byCode: Record<string, string> = {
    invalid_national_id: l.invalidNationalId,
    no_loan: l.noLoan,
    not_enough_balance: l.notEnoughBalance,
    payment_failed: l.paymentFailed,
    incorrect_credentials: l.incorrectCredentials,
    unknown_lender: l.unknownLender,
    already_paid: l.alreadyPaid,
    pin_locked: l.pinLocked,
  };
  return (error.code && byCode[error.code]) || fallback;
}

type Step =
  | { kind: "id" }
  | { kind: "details"; found: Lookup }
  | { kind: "card"; found: Lookup; loan: Loan; token: string; payment: Payment }
  | { kind: "success"; loan: Loan; source: Source; outstanding: number }
  | { kind: "failure"; message: string; found: Lookup | null }
  | { kind: "pending"; found: Lookup };

export default function LendingPage({ lender }: { lender: string | null }) {
  const { t, lang } = useI18n();
  const l: L = LENDING_TEXTS[lang];
  const [step, setStep] = useState<Step>({ kind: "id" });
  // The national ID as typed: kept in memory for the payment calls, never put in the URL.
  const [nationalId, setNationalId] = useState("");
  const [refreshing, setRefreshing] = useState(false);

  if (!lender || lender.length > 64) return <Invalid text={l.unknownLender} />;

  /** Looks the loans up again (Try again): the instalment due may have changed. */
  const again = async (found: Lookup | null) => {
    if (!found) return setStep({ kind: "id" });
    setRefreshing(true);
    try {
      const fresh = await call("POST /api/checkout/lending/lookup", {
        body: { lender, national_id: nationalDigits(nationalId) },
      });
      setStep({ kind: "details", found: fresh });
    } catch (error) {
      setStep({ kind: "failure", message: messageOf(l, error, t.serverBody), found: null });
    } finally {
      setRefreshing(false);
    }
  };

  let body: ReactNode;
  switch (step.kind) {
    case "id":
      body = (
        <IdStep
          lender={lender}
          value={nationalId}
          onChange={setNationalId}
          onFound={(found) => setStep({ kind: "details", found })}
        />
      );
      break;
    case "details":
      body = (
        <DetailsStep
          lender={lender}
          nationalId={nationalId}
          found={step.found}
          onBack={() => setStep({ kind: "id" })}
          onCard={(loan, token, payment) =>
            setStep({ kind: "card", found: step.found, loan, token, payment })
          }
          onPaid={(loan, outstanding) => setStep({ kind: "success", loan, source: "balance", outstanding })}
          onFailed={(message) => setStep({ kind: "failure", message, found: step.found })}
        />
      );
      break;
    case "card":
      body = (
        <CardStep
          step={step}
          onBack={() => setStep({ kind: "details", found: step.found })}
          onDone={(done) => {
            if (done.transaction.pending) setStep({ kind: "pending", found: step.found });
            else if (done.transaction.success)
              setStep({
                kind: "success",
                loan: step.loan,
                source: "card",
                outstanding: step.loan.outstanding_cents - step.loan.instalment_cents,
              });
            else setStep({ kind: "failure", message: l.paymentFailed, found: step.found });
          }}
          onFinal={() => setStep({ kind: "failure", message: l.paymentFailed, found: step.found })}
        />
      );
      break;
    case "success":
      body = (
        <SuccessStep
          step={step}
          onDone={() => {
            setNationalId("");
            setStep({ kind: "id" });
          }}
        />
      );
      break;
    case "failure":
    case "pending":
      body = (
        <section
          className={`panel result ${step.kind === "pending" ? "result-pending" : "result-declined"}`}
          data-testid={`lending-${step.kind}`}
        >
          <span className="result-icon">
            <Icon name={step.kind === "pending" ? "clock" : "cross"} />
          </span>
          <StepHeading level={1}>{step.kind === "pending" ? l.pendingTitle : l.failureTitle}</StepHeading>
          <p className="reason" role="alert" data-testid="lending-message">
            {step.kind === "pending" ? l.pendingBody : step.message}
          </p>
          <button
            type="button"
            className="button button-pay"
            disabled={refreshing}
            onClick={() => again(step.found)}
            data-testid="lending-try-again"
          >
            {refreshing ? <Spinner /> : null}
            {l.tryAgain}
          </button>
        </section>
      );
      break;
  }
  return <div data-testid="lending-page">{body}</div>;
}

function Invalid({ text }: { text: string }) {
  return (
    <section className="panel problem" data-testid="lending-invalid">
      <Icon name="alert" />
      <StepHeading level={1}>{text}</StepHeading>
    </section>
  );
}

function IdStep({
  lender,
  value,
  onChange,
  onFound,
}: {
  lender: string;
  value: string;
  onChange: (v: string) => void;
  onFound: (found: Lookup) => void;
}) {
  const { t, lang } = useI18n();
  const l: L = LENDING_TEXTS[lang];
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [invalidLender, setInvalidLender] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const valid = /^\d{14}$/.test(nationalDigits(value));
  const error = touched && !valid ? l.invalidNationalId : null;

  if (invalidLender) return <Invalid text={l.unknownLender} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setTouched(true);
    setBanner(null);
    if (!valid) {
      input.current?.focus();
      return;
    }
    setSending(true);
    try {
      onFound(
        await call("POST /api/checkout/lending/lookup", {
          body: { lender, national_id: nationalDigits(value) },
        }),
      );
    } catch (e) {
      setSending(false);
      if (e instanceof ApiError && e.code === "unknown_lender") return setInvalidLender(true);
      if (e instanceof ApiError && e.kind === "network") return setBanner(t.networkBody);
      if (e instanceof ApiError && e.kind === "rate_limited") return setBanner(t.rateLimited);
      setBanner(messageOf(l, e, t.serverBody));
    }
  }

  return (
    <section className="panel" data-testid="lending-id-step">
      <StepHeading level={1}>{l.title}</StepHeading>
      <p className="muted" style={{ marginBlock: "0.5rem 1rem" }}>
        {l.intro}
      </p>
      <form onSubmit={submit} noValidate className="card-form">
        <Field id="national-id" label={l.nationalId} hint={l.nationalIdHint} error={error}>
          <input
            ref={input}
            id="national-id"
            name="national-id"
            dir="ltr"
            inputMode="numeric"
            autoComplete="off"
            maxLength={32}
            value={value}
            onInput={(e) => onChange((e.target as HTMLInputElement).value)}
            onBlur={() => value !== "" && setTouched(true)}
            data-testid="lending-national-id"
            {...described("national-id", true, error)}
          />
        </Field>
        {banner ? (
          <p className="banner" role="alert" data-testid="lending-banner">
            {banner}
          </p>
        ) : null}
        <button type="submit" className="button button-pay" disabled={sending} data-testid="lending-find">
          {sending ? <Spinner /> : null}
          {l.find}
        </button>
      </form>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <dl className="facts">
      {rows.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailsStep({
  lender,
  nationalId,
  found,
  onBack,
  onCard,
  onPaid,
  onFailed,
}: {
  lender: string;
  nationalId: string;
  found: Lookup;
  onBack: () => void;
  onCard: (loan: Loan, token: string, payment: Payment) => void;
  onPaid: (loan: Loan, outstanding: number) => void;
  onFailed: (message: string) => void;
}) {
  const { t, lang } = useI18n();
  const l: L = LENDING_TEXTS[lang];
  const money = useMoney();
  const [source, setSource] = useState<Source>("card");
  const [confirming, setConfirming] = useState<Loan | null>(null);
  const m = (minor: number, loan: Loan) => (
    <bdi>{money(minor, { amount_cents: minor, currency: loan.currency, exponent: loan.exponent })}</bdi>
  );
  return (
    <div className="sheet">
      <aside className="summary" aria-labelledby="lender-name">
        <div className="merchant">
          {found.lender.logo_url ? (
            <img className="logo" src={found.lender.logo_url} alt="" width={40} height={40} />
          ) : (
            <span className="logo logo-initial" aria-hidden="true">
              {found.lender.name.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <p id="lender-name" className="merchant-name">
            <bdi>{found.lender.name}</bdi>
          </p>
        </div>
        <p className="muted" data-testid="lending-masked-id">
          {rich(l.customer, { id: <bdi dir="ltr">{found.national_id_masked}</bdi> })}
        </p>
        {found.is_live ? null : (
          <div className="test-mode">
            <span className="badge">{t.testMode}</span>
            <p>{l.testPins}</p>
          </div>
        )}
      </aside>
      <section className="panel">
        <button type="button" className="link-button back" onClick={onBack} data-testid="lending-change-id">
          {l.changeId}
        </button>
        <StepHeading level={1}>{l.serviceDetails}</StepHeading>
        {found.loans.map((loan) => (
          <div
            key={loan.reference}
            className="card-form"
            data-testid="lending-loan"
            style={{ marginBlockStart: "1rem" }}
          >
            <Facts
              rows={[
                [l.serviceName, <bdi key="s">{loan.service_name}</bdi>, "lending-service"],
                [
                  l.reference,
                  <bdi key="r" dir="ltr">
                    {loan.reference}
                  </bdi>,
                  "lending-reference",
                ],
                [l.amount, m(loan.amount_cents, loan), "lending-amount"],
                [l.outstanding, m(loan.outstanding_cents, loan), "lending-outstanding"],
                [
                  l.instalmentAmount,
                  <span key="i">
                    {m(loan.instalment_cents, loan)}{" "}
                    <span className="muted">
                      ({fmt(l.instalmentOf, { n: loan.instalment_no, total: loan.instalments_total })})
                    </span>
                  </span>,
                  "lending-instalment",
                ],
                [l.fees, m(loan.fee_cents, loan), "lending-fees"],
                [l.total, m(loan.total_cents, loan), "lending-total"],
              ]}
            />
            <fieldset className="methods">
              <legend>{l.source}</legend>
              {(["card", "balance"] as const).map((s) => (
                <label key={s} className="method">
                  <input
                    type="radio"
                    name={`source-${loan.reference}`}
                    checked={source === s}
                    onChange={() => setSource(s)}
                    data-testid={`lending-source-${s}`}
                  />
                  <span>{s === "card" ? l.sourceCard : l.sourceBalance}</span>
                  <span />
                </label>
              ))}
            </fieldset>
            <button
              type="button"
              className="button button-pay"
              onClick={() => setConfirming(loan)}
              data-testid="lending-pay"
            >
              {fmt(l.pay, {
                amount: money(loan.total_cents, {
                  amount_cents: loan.total_cents,
                  currency: loan.currency,
                  exponent: loan.exponent,
                }),
              })}
            </button>
          </div>
        ))}
      </section>
      {confirming ? (
        <ConfirmDialog
          lender={lender}
          nationalId={nationalId}
          loan={confirming}
          source={source}
          onClose={() => setConfirming(null)}
          onCard={(token, payment) => onCard(confirming, token, payment)}
          onPaid={(outstanding) => onPaid(confirming, outstanding)}
          onFailed={onFailed}
        />
      ) : null}
    </div>
  );
}

/** The confirm popup: a modal dialog (focus inside, Escape or Cancel closes it); the balance asks its PIN. */
function ConfirmDialog({
  lender,
  nationalId,
  loan,
  source,
  onClose,
  onCard,
  onPaid,
  onFailed,
}: {
  lender: string;
  nationalId: string;
  loan: Loan;
  source: Source;
  onClose: () => void;
  onCard: (token: string, payment: Payment) => void;
  onPaid: (outstanding: number) => void;
  onFailed: (message: string) => void;
}) {
  const { t, lang } = useI18n();
  const l: L = LENDING_TEXTS[lang];
  const money = useMoney();
  const [pin, setPin] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [pinError, setPinError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    opener.current = document.activeElement;
    const first = dialog.current?.querySelector<HTMLElement>("input, button");
    first?.focus();
    return () => (opener.current as HTMLElement | null)?.focus?.();
  }, []);

  const shownPinError = pinError ?? (submitted && pin.trim() === "" ? l.pinRequired : null);
  const body = {
    lender,
    national_id: nationalDigits(nationalId),
    reference: loan.reference,
    instalment_no: loan.instalment_no,
  };

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setBanner(null);
    setPinError(null);
    if (source === "balance" && pin.trim() === "") return;
    setSending(true);
    try {
      if (source === "card") {
        const started = await call("POST /api/checkout/lending/card", { body });
        const payment = await api.payment(started.payment_token);
        onCard(started.payment_token, payment);
      } else {
        const answer = await call("POST /api/checkout/lending/balance", {
          body: { ...body, pin: normalizeDigits(pin.trim()) },
        });
        onPaid(answer.paid.outstanding_cents);
      }
    } catch (e) {
      setSending(false);
      if (e instanceof ApiError && e.code === "incorrect_credentials")
        return setPinError(l.incorrectCredentials);
      if (e instanceof ApiError && (e.code === "pin_locked" || e.code === "payment_in_progress"))
        return setBanner(e.code === "pin_locked" ? l.pinLocked : t.inProgress);
      if (e instanceof ApiError && e.kind === "rate_limited") return setBanner(t.rateLimited);
      if (e instanceof ApiError && e.kind === "network") return setBanner(t.networkBody);
      onFailed(messageOf(l, e, l.paymentFailed));
    }
  }

  return (
    <div
      style={{
        position: "fixed",
        inset: 0,
        background: "rgb(17 24 39 / 55%)",
        display: "grid",
        placeItems: "center",
        padding: "1rem",
        zIndex: 10,
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-body"
        className="panel"
        data-testid="lending-confirm"
        style={{
          background: "var(--card)",
          borderRadius: "var(--radius)",
          maxInlineSize: "28rem",
          inlineSize: "100%",
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape" && !sending) onClose();
          if (e.key !== "Tab") return;
          // Focus stays inside the dialog while it is open.
          const items = [
            ...(dialog.current?.querySelectorAll<HTMLElement>("input, button:not(:disabled)") ?? []),
          ];
          const first = items[0];
          const last = items.at(-1);
          if (e.shiftKey && document.activeElement === first) {
            e.preventDefault();
            last?.focus();
          } else if (!e.shiftKey && document.activeElement === last) {
            e.preventDefault();
            first?.focus();
          }
        }}
      >
        <form onSubmit={confirm} noValidate className="card-form">
          <h2 id="confirm-title" className="section-title">
            {l.confirmTitle}
          </h2>
          <p id="confirm-body">
            {fmt(l.confirmBody, {
              amount: money(loan.total_cents, {
                amount_cents: loan.total_cents,
                currency: loan.currency,
                exponent: loan.exponent,
              }),
              n: loan.instalment_no,
              service: loan.service_name,
            })}{" "}
            {source === "card" ? l.confirmCard : null}
          </p>
          {source === "balance" ? (
            <Field id="balance-pin" label={l.pin} hint={l.pinHint} error={shownPinError}>
              <input
                id="balance-pin"
                type="password"
                dir="ltr"
                inputMode="numeric"
                autoComplete="off"
                maxLength={16}
                value={pin}
                onInput={(e) => {
                  setPin((e.target as HTMLInputElement).value);
                  setPinError(null);
                }}
                data-testid="lending-pin"
                {...described("balance-pin", true, shownPinError)}
              />
            </Field>
          ) : null}
          {banner ? (
            <p className="banner" role="alert" data-testid="lending-confirm-banner">
              {banner}
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" className="button" disabled={sending} data-testid="lending-confirm-pay">
              {sending ? <Spinner /> : null}
              {l.confirm}
            </button>
            <button type="button" className="button button-quiet" disabled={sending} onClick={onClose}>
              {l.cancel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

function CardStep({
  step,
  onBack,
  onDone,
  onFinal,
}: {
  step: Extract<Step, { kind: "card" }>;
  onBack: () => void;
  onDone: (done: Done) => void;
  onFinal: () => void;
}) {
  const { lang } = useI18n();
  const l: L = LENDING_TEXTS[lang];
  const [challenge, setChallenge] = useState<{ challenge: Challenge; last4: string } | null>(null);
  const { payment, token } = step;
  return (
    <div className="sheet" data-testid="lending-card-step">
      <Summary
        merchant={payment.merchant}
        money={payment}
        reference={payment.merchant_order_id}
        isLive={payment.is_live}
      />
      <section className="panel">
        {challenge ? (
          <Suspense fallback={<Loading />}>
            <ChallengeStep
              payment={payment}
              token={token}
              challenge={challenge.challenge}
              last4={challenge.last4}
              onDone={onDone}
              onFinal={onFinal}
            />
          </Suspense>
        ) : (
          <>
            <button type="button" className="link-button back" onClick={onBack}>
              {l.changeSource}
            </button>
            <CardForm
              payment={payment}
              token={token}
              onChallenge={(c, last4) => setChallenge({ challenge: c, last4 })}
              onDone={onDone}
              onFinal={onFinal}
            />
          </>
        )}
      </section>
    </div>
  );
}

function SuccessStep({ step, onDone }: { step: Extract<Step, { kind: "success" }>; onDone: () => void }) {
  const { lang } = useI18n();
  const l: L = LENDING_TEXTS[lang];
  const money = useMoney();
  const { loan } = step;
  const m = (minor: number) => (
    <bdi>{money(minor, { amount_cents: minor, currency: loan.currency, exponent: loan.exponent })}</bdi>
  );
  return (
    <section className="panel result result-success" data-testid="lending-success">
      <span className="result-icon">
        <Icon name="check" />
      </span>
      <StepHeading level={1}>{l.successTitle}</StepHeading>
      <p>{fmt(l.successBody, { n: loan.instalment_no, service: loan.service_name })}</p>
      <div style={{ inlineSize: "100%", textAlign: "start" }}>
        <Facts
          rows={[
            [
              l.reference,
              <bdi key="r" dir="ltr">
                {loan.reference}
              </bdi>,
            ],
            [l.source, step.source === "card" ? l.sourceCard : l.sourceBalance],
            [l.paid, m(loan.total_cents), "lending-paid"],
            [l.remaining, m(Math.max(0, step.outstanding)), "lending-remaining"],
          ]}
        />
      </div>
      {step.outstanding <= 0 ? <p>{l.loanClosed}</p> : null}
      <button type="button" className="button button-pay" onClick={onDone} data-testid="lending-done">
        {l.startOver}
      </button>
    </section>
  );
}
