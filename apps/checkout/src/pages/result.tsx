import { useEffect, useState } from "react";
import { useI18n } from "../i18n.tsx";
import { useLook } from "../look.ts";
import { follow, navigate, safeUrl } from "../nav.ts";
import type { Outcome, ResultState } from "../outcome.ts";
import { fmt, type Texts } from "../texts.ts";
import { Icon, StepHeading, useMoney } from "../ui.tsx";

const REDIRECT_SECONDS = 5;

/**
 * /checkout/result: success, declined (with the reason) or pending. With a redirect url the page counts down
 * and then takes the customer back to the merchant (they can go at once or stay); a decline that still has
 * attempts left offers Try again instead of leaving on its own.
 */
export default function ResultPage({ params, state }: { params: URLSearchParams; state: unknown }) {
  const { t } = useI18n();
  const money = useMoney();
  const result = isResult(state) ? state : null;
  const outcome: Outcome = result?.outcome ?? asOutcome(params.get("outcome"));
  const id = result?.transaction_id ?? params.get("id");
  const merchant = result?.merchant.name ?? t.theMerchant;
  useLook(result?.look);
  // The payment's own redirect first; the merchant's customized one only after a success (docs/settings.md).
  const redirect = safeUrl(
    result?.redirect_url ?? (outcome === "success" ? (result?.look?.redirect_url ?? null) : null),
  );
  const postPayment = outcome === "success" ? (result?.look?.post_payment_text ?? null) : null;
  const canRetry = outcome === "declined" && !!result?.retry && result.attempts_left > 0;
  const auto = !!redirect && !canRetry;
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const [stay, setStay] = useState(false);

  useEffect(() => {
    if (!auto || stay || !redirect) return;
    if (seconds <= 0) {
      follow(redirect);
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [auto, stay, seconds, redirect]);

  const title =
    outcome === "success" ? t.successTitle : outcome === "pending" ? t.pendingTitle : t.declinedTitle;
  const amount = result ? money(result.money.amount_cents, result.money) : null;
  return (
    <section className={`panel result result-${outcome}`} data-testid={`result-${outcome}`}>
      <span className="result-icon">
        <Icon name={outcome === "success" ? "check" : outcome === "pending" ? "clock" : "cross"} />
      </span>
      <StepHeading level={1}>{title}</StepHeading>
      {outcome === "success" && amount ? <p>{fmt(t.successBody, { merchant, amount })}</p> : null}
      {postPayment ? (
        <p className="post-payment" data-testid="post-payment-text">
          <bdi>{postPayment}</bdi>
        </p>
      ) : null}
      {outcome === "pending" ? <p>{fmt(t.pendingBody, { merchant })}</p> : null}
      {outcome === "declined" ? <p>{t.declinedBody}</p> : null}
      {outcome === "declined" && result?.message ? (
        <p className="reason" data-testid="decline-reason">
          {fmt(t.reason, { reason: reasonText(t, result.message) })}
        </p>
      ) : null}
      {id !== null && id !== undefined ? (
        <p className="muted">{fmt(t.transactionRef, { id: String(id) })}</p>
      ) : null}
      {canRetry ? (
        <>
          <p className="muted">{fmt(t.attemptsLeft, { n: result.attempts_left })}</p>
          <button
            type="button"
            className="button button-pay"
            onClick={() => navigate(result.retry!)}
            data-testid="try-again"
          >
            {t.tryAgain}
          </button>
        </>
      ) : null}
      {redirect && auto && !stay ? (
        <div className="redirect">
          <p>{fmt(t.redirecting, { merchant, s: Math.max(seconds, 0) })}</p>
          <div className="actions">
            <a className="button" href={redirect.href} data-testid="continue-now">
              {t.continueNow}
            </a>
            <button type="button" className="button button-quiet" onClick={() => setStay(true)}>
              {t.stayHere}
            </button>
          </div>
        </div>
      ) : null}
      {redirect && (stay || canRetry) ? (
        <a className="link-button" href={redirect.href}>
          {fmt(t.returnToMerchant, { merchant })}
        </a>
      ) : null}
    </section>
  );
}

/** The simulator's decline messages in the page's language; any other message is shown as the server sent it. */
function reasonText(t: Texts, message: string): string {
  const known: Record<string, string> = {
    "insufficient funds": t.reasonFunds,
    "3-d secure authentication failed": t.reasonThreeDs,
    "transaction timed out": t.reasonTimeout,
    "do not honour": t.reasonDoNotHonour,
    "expired card": t.reasonExpired,
    "lost or stolen card": t.reasonLostStolen,
    "cvv mismatch": t.reasonCvv,
    "3-d secure authentication abandoned": t.reasonThreeDsAbandoned,
  };
  // The merchant's risk rules (docs/pos-risk.md "Risk"): the reason's detail is in the merchant's dashboard.
  if (message.startsWith("Declined by the merchant's risk rules")) return t.reasonRisk;
  return known[message.trim().toLowerCase()] ?? message;
}

function asOutcome(value: string | null): Outcome {
  return value === "success" || value === "pending" ? value : "declined";
}

function isResult(state: unknown): state is ResultState {
  return typeof state === "object" && state !== null && "outcome" in state && "merchant" in state;
}
