import { type FormEvent, useRef, useState } from "react";
import { type ApiError, api, type Challenge, type Done, isFinal, type Payment } from "../api.ts";
import { digitsOf } from "../card.ts";
import { useI18n } from "../i18n.tsx";
import { fmt } from "../texts.ts";
import { described, Field, failureText, Icon, Spinner, StepHeading, useMoney } from "../ui.tsx";

/**
 * The 3-D Secure step: a page in the style of a card issuer's authentication page, inside the checkout (the
 * simulator plays the bank). Cancelling declines the transaction like a failed authentication.
 */
export default function ChallengeStep({
  payment,
  token,
  challenge,
  last4,
  onDone,
  onFinal,
}: {
  payment: Payment;
  token: string;
  challenge: Challenge;
  last4: string;
  onDone: (done: Done) => void;
  onFinal: (error: ApiError) => void;
}) {
  const { t } = useI18n();
  const money = useMoney();
  const [otp, setOtp] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const error = submitted && otp.trim() === "" ? t.errOtp : null;

  async function send(cancel: boolean) {
    setSending(true);
    setBanner(null);
    try {
      onDone(
        await api.threeDs({
          payment_token: token,
          challenge_id: challenge.challenge_id,
          // Cancelling sends no code: the bank declines it like a failed authentication.
          otp: cancel ? "" : digitsOf(otp),
        }),
      );
    } catch (e) {
      setSending(false);
      if (isFinal(e)) return onFinal(e);
      setBanner(failureText(t, e));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    if (otp.trim() === "") {
      input.current?.focus();
      return;
    }
    void send(false);
  }

  return (
    <section className="bank" aria-labelledby="bank-title" data-testid="three-ds">
      <div className="bank-bar">
        <Icon name="lock" />
        <span>{t.bankName}</span>
        <span className="bank-badge" dir="ltr">
          3-D Secure
        </span>
      </div>
      <form className="bank-body" noValidate onSubmit={submit}>
        <StepHeading>
          <span id="bank-title">{t.threeDsTitle}</span>
        </StepHeading>
        <p>{t.threeDsIntro}</p>
        <dl className="facts">
          <div>
            <dt>{t.threeDsMerchant}</dt>
            <dd>{payment.merchant.name}</dd>
          </div>
          <div>
            <dt>{t.threeDsAmount}</dt>
            <dd>
              <bdi>{money(payment.amount_cents, payment)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t.threeDsCard}</dt>
            <dd>{fmt(t.cardEnding, { last4 })}</dd>
          </div>
        </dl>
        <Field id="otp" label={t.otp} hint={payment.is_live ? undefined : t.otpTestHint} error={error}>
          <input
            id="otp"
            ref={input}
            autoComplete="one-time-code"
            inputMode="numeric"
            dir="ltr"
            maxLength={8}
            value={otp}
            onChange={(e) => setOtp(digitsOf(e.target.value))}
            {...described("otp", !payment.is_live, error)}
          />
        </Field>
        {banner ? (
          <p className="banner" role="alert">
            {banner}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className="button" disabled={sending} data-testid="verify">
            {sending ? <Spinner /> : null} {t.verify}
          </button>
          <button type="button" className="button button-quiet" disabled={sending} onClick={() => send(true)}>
            {t.cancelPayment}
          </button>
        </div>
      </form>
    </section>
  );
}
