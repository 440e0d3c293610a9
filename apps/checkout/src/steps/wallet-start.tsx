import { type FormEvent, useRef, useState } from "react";
import { ApiError, api, isFinal, newIdempotencyKey, type Payment } from "../api.ts";
import { digitsOf, phoneValid } from "../card.ts";
import { useI18n } from "../i18n.tsx";
import { follow, safeUrl } from "../nav.ts";
import { described, Field, failureText, Spinner } from "../ui.tsx";

/** Wallet methods: the customer gives the wallet number; the provider API starts a pending wallet payment. */
export default function WalletStart({
  payment,
  token,
  onFinal,
}: {
  payment: Payment;
  token: string;
  onFinal: (error: ApiError) => void;
}) {
  const { t } = useI18n();
  const [phone, setPhone] = useState("");
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const submission = useRef<string | null>(null);
  const error = touched && !phoneValid(phone) ? t.errPhone : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setTouched(true);
    setBanner(null);
    if (!phoneValid(phone)) {
      input.current?.focus();
      return;
    }
    setSending(true);
    try {
      const number = digitsOf(phone);
      submission.current ??= newIdempotencyKey();
      const started = await api.walletStart(token, number, submission.current);
      const next = safeUrl(typeof started.redirect_url === "string" ? started.redirect_url : null);
      if (!next) throw new ApiError("server", 200);
      follow(next, { phone: number });
    } catch (e) {
      setSending(false);
      if (!(e instanceof ApiError && e.kind === "network")) submission.current = null;
      if (isFinal(e)) return onFinal(e);
      setBanner(failureText(t, e));
    }
  }

  return (
    <form className="card-form" noValidate onSubmit={submit} aria-labelledby="wallet-title">
      <h2 id="wallet-title" className="section-title">
        {t.walletTitle}
      </h2>
      <Field id="wallet-phone" label={t.walletPhone} hint={t.walletPhoneHint} error={error}>
        <input
          id="wallet-phone"
          ref={input}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
          value={phone}
          onChange={(e) => {
            submission.current = null;
            setPhone(e.target.value);
          }}
          onBlur={() => setTouched(true)}
          {...described("wallet-phone", true, error)}
        />
      </Field>
      {payment.is_live ? null : <p className="hint">{t.walletTestHint}</p>}
      {banner ? (
        <p className="banner" role="alert">
          {banner}
        </p>
      ) : null}
      <button type="submit" className="button button-pay" disabled={sending} data-testid="wallet-start">
        {sending ? <Spinner /> : null} {t.walletSend}
      </button>
    </form>
  );
}
