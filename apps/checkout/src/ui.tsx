import { type ReactNode, useEffect, useRef } from "react";
import { displayAmount } from "./amount.ts";
import { ApiError, type ApiErrorKind, type Merchant } from "./api.ts";
import { rich, useI18n } from "./i18n.tsx";
import { fmt } from "./texts.ts";

/** Shared building blocks of the checkout pages: layout, summary, fields, states. */

export interface Money {
  amount_cents: number;
  currency: string;
  exponent: number;
}

export function useMoney(): (minor: number, of: Money) => string {
  const { lang } = useI18n();
  return (minor, of) => displayAmount(minor, of.currency, of.exponent, lang);
}

/** A heading that takes focus when it appears, so keyboard and screen-reader users land on the new step. */
export function StepHeading({ level = 2, children }: { level?: 1 | 2; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const Tag = level === 1 ? "h1" : "h2";
  return (
    <Tag ref={ref} tabIndex={-1} className="step-heading">
      {children}
    </Tag>
  );
}

export function Summary({
  merchant,
  money,
  reference,
  isLive,
}: {
  merchant: Merchant;
  money: Money;
  reference?: string | null;
  isLive: boolean;
}) {
  const { t } = useI18n();
  const format = useMoney();
  return (
    <aside className="summary" aria-labelledby="summary-title">
      <div className="merchant">
        {merchant.logo_url ? (
          <img className="logo" src={merchant.logo_url} alt="" width={40} height={40} />
        ) : (
          <span className="logo logo-initial" aria-hidden="true">
            {merchant.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <h1 id="summary-title" className="merchant-name">
          {rich(t.payTo, { merchant: <bdi>{merchant.name}</bdi> })}
        </h1>
      </div>
      <p className="amount-label">{t.amountDue}</p>
      <p className="amount" data-testid="amount">
        <bdi>{format(money.amount_cents, money)}</bdi>
      </p>
      {reference ? <p className="muted">{fmt(t.orderRef, { ref: reference })}</p> : null}
      {isLive ? null : (
        <div className="test-mode">
          <span className="badge">{t.testMode}</span>
          <p>
            {rich(t.testModeHint, {
              card: (
                <span dir="ltr" className="nowrap">
                  5123 4567 8901 2346
                </span>
              ),
              expiry: <span dir="ltr">01/39</span>,
            })}
          </p>
        </div>
      )}
    </aside>
  );
}

export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes that tie an input to its Field's hint and error. */
export function described(id: string, hint: boolean, error: string | null | undefined) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { "aria-describedby": ids || undefined, "aria-invalid": error ? true : undefined };
}

export function Loading() {
  const { t } = useI18n();
  return (
    <div className="state" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{t.loading}</p>
    </div>
  );
}

export function Spinner() {
  return <span className="spinner spinner-small" aria-hidden="true" />;
}

/** A whole-page message: the link is not valid, expired, paid, out of attempts, or the network failed. */
export function Problem({ kind, onRetry }: { kind: ProblemKind; onRetry?: (() => void) | undefined }) {
  const { t } = useI18n();
  const [title, body] = PROBLEM_TEXTS[kind](t);
  const retryable = kind === "network" || kind === "server";
  return (
    <section className="panel problem" data-testid={`problem-${kind}`}>
      <Icon name={kind === "paid" ? "check" : "alert"} />
      <StepHeading level={1}>{title}</StepHeading>
      <p>{body}</p>
      {retryable && onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t.retry}
        </button>
      ) : null}
    </section>
  );
}

export type ProblemKind = "invalid" | "expired" | "paid" | "no_attempts" | "network" | "server" | "missing";

type T = ReturnType<typeof useI18n>["t"];
const PROBLEM_TEXTS: Record<ProblemKind, (t: T) => [string, string]> = {
  invalid: (t) => [t.invalidTitle, t.invalidBody],
  expired: (t) => [t.expiredTitle, t.expiredBody],
  paid: (t) => [t.paidTitle, t.paidBody],
  no_attempts: (t) => [t.noAttemptsTitle, t.noAttemptsBody],
  network: (t) => [t.networkTitle, t.networkBody],
  server: (t) => [t.networkTitle, t.serverBody],
  missing: (t) => [t.title, t.missingToken],
};

/** The banner text for a failure that leaves the customer on the step, able to send again. */
export function failureText(t: T, error: unknown): string {
  if (error instanceof ApiError && error.kind === "network") return t.networkBody;
  if (error instanceof ApiError && error.kind === "rate_limited") return t.rateLimited;
  if (error instanceof ApiError && error.kind === "in_progress") return t.inProgress;
  return t.serverBody;
}

export function problemOf(error: unknown): ProblemKind {
  if (!(error instanceof ApiError)) return "server";
  const map: Partial<Record<ApiErrorKind, ProblemKind>> = {
    network: "network",
    invalid_token: "invalid",
    expired: "expired",
    attempts_exhausted: "no_attempts",
    already_paid: "paid",
  };
  return map[error.kind] ?? "server";
}

const ICONS = {
  check: "M20 6 9 17l-5-5",
  alert: "M12 8v5m0 3.5v.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
  cross: "M18 6 6 18M6 6l12 12",
  clock: "M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0z",
  lock: "M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z",
  card: "M3 6h18v12H3zM3 10h18M7 15h3",
  wallet: "M8 3h8v18H8zM11 18h2",
  cash: "M3 7h18v10H3zM12 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4",
  calendar: "M4 5h16v16H4zM4 10h16M8 3v4M16 3v4",
};

export type IconName = keyof typeof ICONS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={`icon icon-${name} ${className ?? ""}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
