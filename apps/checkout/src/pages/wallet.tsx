import { type FormEvent, useRef, useState } from "react";
import { type ApiError, api, isFinal, type Payment } from "../api.ts";
import { digitsOf } from "../card.ts";
import { useI18n } from "../i18n.tsx";
import { useLoad } from "../load.ts";
import { useLook } from "../look.ts";
import { showResult } from "../outcome.ts";
import {
  described,
  Field,
  failureText,
  Loading,
  Problem,
  problemOf,
  Spinner,
  StepHeading,
  Summary,
} from "../ui.tsx";

/**
 * /checkout/wallet?payment_token&transaction_id: the wallet's confirmation (MPIN and the SMS one-time password)
 * for a pending wallet transaction started through POST /api/acceptance/payments/pay.
 */
export default function WalletPage({ params, state }: { params: URLSearchParams; state: unknown }) {
  const token = params.get("payment_token") ?? "";
  const transactionId = params.get("transaction_id") ?? "";
  const phone = (state as { phone?: unknown } | null)?.phone;
  const [final, setFinal] = useState<ApiError | null>(null);
  const loaded = useLoad(`wallet:${token}`, () =>
    token ? api.payment(token) : new Promise<never>(() => {}),
  );
  // The merchant's checkout customization, also when this page is opened directly (a reload).
  useLook(loaded.status === "ready" ? loaded.data.look : undefined);
  if (!token || !transactionId) return <Problem kind="missing" />;
  if (final) return <Problem kind={problemOf(final)} />;
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "error") return <Problem kind={problemOf(loaded.error)} onRetry={loaded.retry} />;
  const payment = loaded.data;
  if (payment.state === "paid") return <Problem kind="paid" />;
  if (payment.state === "expired") return <Problem kind="expired" />;
  return (
    <div className="sheet">
      <Summary
        merchant={payment.merchant}
        money={payment}
        reference={payment.merchant_order_id}
        isLive={payment.is_live}
      />
      <section className="panel">
        <WalletConfirm
          payment={payment}
          token={token}
          transactionId={transactionId}
          phone={typeof phone === "string" ? phone : null}
          onFinal={setFinal}
        />
      </section>
    </div>
  );
}

function WalletConfirm({
  payment,
  token,
  transactionId,
  phone,
  onFinal,
}: {
  payment: Payment;
  token: string;
  transactionId: string;
  phone: string | null;
  onFinal: (error: ApiError) => void;
}) {
  const { t } = useI18n();
  const [mpin, setMpin] = useState("");
  const [otp, setOtp] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const mpinRef = useRef<HTMLInputElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const mpinError = submitted && mpin === "" ? t.errMpin : null;
  const otpError = submitted && otp === "" ? t.errOtp : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setBanner(null);
    if (mpin === "") return mpinRef.current?.focus();
    if (otp === "") return otpRef.current?.focus();
    setSending(true);
    try {
      const done = await api.wallet({ payment_token: token, transaction_id: transactionId, mpin, otp });
      showResult(done, {
        merchant: payment.merchant,
        money: payment,
        // Starting the wallet payment already used this attempt; the pay page re-checks what is left.
        attemptsBefore: payment.attempts_left + 1,
        retry: `/checkout/pay?${new URLSearchParams({ payment_token: token })}`,
        look: payment.look ?? null,
      });
    } catch (e) {
      setSending(false);
      if (isFinal(e)) return onFinal(e);
      setBanner(failureText(t, e));
    }
  }

  return (
    <form className="card-form" noValidate onSubmit={submit} data-testid="wallet-confirm">
      <StepHeading>{t.walletVerifyTitle}</StepHeading>
      <p>{t.walletIntro}</p>
      {phone ? (
        <dl className="facts">
          <div>
            <dt>{t.walletNumber}</dt>
            <dd dir="ltr" data-testid="wallet-number">
              {phone}
            </dd>
          </div>
        </dl>
      ) : null}
      <Field id="mpin" label={t.mpin} error={mpinError}>
        <input
          id="mpin"
          ref={mpinRef}
          type="password"
          autoComplete="off"
          inputMode="numeric"
          dir="ltr"
          maxLength={6}
          value={mpin}
          onChange={(e) => setMpin(digitsOf(e.target.value))}
          {...described("mpin", false, mpinError)}
        />
      </Field>
      <Field id="wallet-otp" label={t.otp} error={otpError}>
        <input
          id="wallet-otp"
          ref={otpRef}
          autoComplete="one-time-code"
          inputMode="numeric"
          dir="ltr"
          maxLength={8}
          value={otp}
          onChange={(e) => setOtp(digitsOf(e.target.value))}
          {...described("wallet-otp", false, otpError)}
        />
      </Field>
      {payment.is_live ? null : <p className="hint">{t.walletTestHint}</p>}
      {banner ? (
        <p className="banner" role="alert">
          {banner}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-pay"
        disabled={sending}
        data-testid="wallet-confirm-submit"
      >
        {sending ? <Spinner /> : null} {t.confirmPayment}
      </button>
    </form>
  );
}
