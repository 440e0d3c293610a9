import { lazy, type ReactNode, Suspense, useState } from "react";
import type { ApiError, Challenge, Done, Payment } from "../api.ts";
import { useI18n } from "../i18n.tsx";
import { useLook } from "../look.ts";
import { showResult } from "../outcome.ts";
import { fmt } from "../texts.ts";
import { Loading, Problem, problemOf, Summary } from "../ui.tsx";
import { CardForm } from "./card-form.tsx";

// Rarer steps load on demand, keeping the first screen's JavaScript small.
const ChallengeStep = lazy(() => import("./challenge.tsx"));
const KioskStep = lazy(() => import("./kiosk.tsx"));
const WalletStart = lazy(() => import("./wallet-start.tsx"));

export type MethodKind = "card" | "wallet" | "kiosk" | "unsupported";

/** Which page a gateway gets; the card form also serves instalments and valU (with a plan choice first). */
export function methodKind(gatewayType: string): MethodKind {
  switch (gatewayType.toUpperCase()) {
    case "VPC":
    case "CARDS":
    case "MIGS":
    case "VALU":
    case "INSTALLMENT":
    case "PREMIUM":
    case "OMANNET":
      return "card";
    case "UIG":
    case "MPAY":
      return "wallet";
    case "CAGG":
    case "AGGREGATOR":
      return "kiosk";
    default:
      return "unsupported";
  }
}

/**
 * One payment token's page: the summary beside the method's step (card form, 3-D Secure, wallet, kiosk).
 * `retry` is where Try again leads after a decline; `header` sits above the step (the method switch).
 */
export function Checkout({
  payment,
  token,
  retry,
  header,
}: {
  payment: Payment;
  token: string;
  retry: string | null;
  header?: ReactNode;
}) {
  const { t } = useI18n();
  const [challenge, setChallenge] = useState<{ challenge: Challenge; last4: string } | null>(null);
  const [final, setFinal] = useState<ApiError | null>(null);
  useLook(payment.look);

  if (payment.state === "paid") return <Problem kind="paid" />;
  if (payment.state === "expired") return <Problem kind="expired" />;
  if (final) return <Problem kind={problemOf(final)} />;
  if (payment.attempts_left <= 0) return <Problem kind="no_attempts" />;

  const done = (answer: Done) =>
    showResult(answer, {
      merchant: payment.merchant,
      money: payment,
      attemptsBefore: payment.attempts_left,
      retry,
      look: payment.look ?? null,
    });
  const kind = methodKind(payment.method.gateway_type);
  let step: ReactNode;
  if (challenge) {
    step = (
      <Suspense fallback={<Loading />}>
        <ChallengeStep
          payment={payment}
          token={token}
          challenge={challenge.challenge}
          last4={challenge.last4}
          onDone={done}
          onFinal={setFinal}
        />
      </Suspense>
    );
  } else if (kind === "card") {
    step = (
      <CardForm
        payment={payment}
        token={token}
        onChallenge={(c, last4) => setChallenge({ challenge: c, last4 })}
        onDone={done}
        onFinal={setFinal}
      />
    );
  } else if (kind === "wallet") {
    step = (
      <Suspense fallback={<Loading />}>
        <WalletStart payment={payment} token={token} onFinal={setFinal} />
      </Suspense>
    );
  } else if (kind === "kiosk") {
    step = (
      <Suspense fallback={<Loading />}>
        <KioskStep payment={payment} token={token} onFinal={setFinal} />
      </Suspense>
    );
  } else {
    step = <p className="banner">{t.unsupported}</p>;
  }

  return (
    <div className="sheet">
      <Summary
        merchant={payment.merchant}
        money={payment}
        reference={payment.merchant_order_id}
        isLive={payment.is_live}
      />
      <section className="panel">
        {challenge ? null : header}
        {step}
        {payment.attempts_left < 3 && !challenge ? (
          <p className="muted attempts">{fmt(t.attemptsLeft, { n: payment.attempts_left })}</p>
        ) : null}
      </section>
    </div>
  );
}
