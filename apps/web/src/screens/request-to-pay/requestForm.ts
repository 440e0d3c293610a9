import {
  parseTipValue,
  REQUEST_TO_PAY_MESSAGES,
  type RequestToPayBody,
  type RequestToPayDetails,
  type RequestToPayMessage,
  type TipType,
  tipCents,
  withinMaximum,
} from "@portal/domain/api/request-to-pay";
import type { Currency } from "@portal/domain/currencies";
import { isCurrency } from "@portal/domain/currencies";
import { safeParseAmount, toMajorString } from "@portal/domain/money";
import { isPhone } from "@portal/domain/validation";

/** The request to pay form's values (as typed) and its checks, kept free of React so they can be tested alone. */
export interface RequestFormValues {
  amount: string;
  currency: string;
  mob_num: string;
  bill_num: string;
  store_id: string;
  loyal_num: string;
  ref_num: string;
  cons_id: string;
  term_id: string;
  purpose: string;
  tip_type: TipType;
  tip_value: string;
  merchant_order_id: string;
}

export const TEXT_FIELDS = [
  "bill_num",
  "store_id",
  "loyal_num",
  "ref_num",
  "cons_id",
  "term_id",
  "merchant_order_id",
] as const;

export const EMPTY_REQUEST_FORM: RequestFormValues = {
  amount: "",
  currency: "EGP",
  mob_num: "",
  bill_num: "",
  store_id: "",
  loyal_num: "",
  ref_num: "",
  cons_id: "",
  term_id: "",
  purpose: "",
  tip_type: "none",
  tip_value: "",
  merchant_order_id: "",
};

export function formOf(r: RequestToPayDetails): RequestFormValues {
  return {
    amount: isCurrency(r.currency) ? toMajorString(r.amount_cents, r.currency) : String(r.amount_cents),
    currency: r.currency,
    mob_num: r.mob_num,
    bill_num: r.bill_num ?? "",
    store_id: r.store_id ?? "",
    loyal_num: r.loyal_num ?? "",
    ref_num: r.ref_num ?? "",
    cons_id: r.cons_id ?? "",
    term_id: r.term_id ?? "",
    purpose: r.purpose ?? "",
    tip_type: r.tip_type,
    tip_value: r.tip_value,
    merchant_order_id: r.merchant_order_id ?? "",
  };
}

/** Field problems as message codes (translated under requestToPay.messages). */
export type RequestProblems = Partial<Record<keyof RequestFormValues, RequestToPayMessage>>;

/** Checks the form as the server does; answers the body, or the problems. */
export function requestBody(
  v: RequestFormValues,
  isLive: boolean,
): { ok: true; body: RequestToPayBody } | { ok: false; problems: RequestProblems } {
  const problems: RequestProblems = {};
  const currency = v.currency as Currency;
  let amount = 0;
  const parsed = safeParseAmount(v.amount, currency);
  if (!parsed.ok)
    problems.amount =
      parsed.problem === "empty"
        ? "required"
        : parsed.problem === "too_large"
          ? "amount_too_large"
          : "invalid_amount";
  else if (parsed.amount <= 0) problems.amount = "invalid_amount";
  else amount = parsed.amount;
  if (!v.mob_num.trim()) problems.mob_num = "required";
  else if (!isPhone(v.mob_num)) problems.mob_num = "invalid_phone";
  const tip = parseTipValue(v.tip_type, v.tip_value);
  if (!tip.ok) problems.tip_value = tip.code;
  else if (
    amount > 0 &&
    !withinMaximum(
      amount + tipCents({ amount_cents: amount, currency, tip_type: v.tip_type, tip_value: tip.stored }),
      currency,
    )
  )
    problems.tip_value = "total_too_large";
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const text = (s: string) => (s.trim() ? s.trim() : null);
  return {
    ok: true,
    body: {
      is_live: isLive,
      amount_cents: amount,
      currency,
      mob_num: v.mob_num.trim(),
      bill_num: text(v.bill_num),
      store_id: text(v.store_id),
      loyal_num: text(v.loyal_num),
      ref_num: text(v.ref_num),
      cons_id: text(v.cons_id),
      term_id: text(v.term_id),
      purpose: text(v.purpose),
      tip_type: v.tip_type,
      tip_value: v.tip_type === "fixed" || v.tip_type === "percentage" ? v.tip_value.trim() : null,
      merchant_order_id: text(v.merchant_order_id),
    },
  };
}

/** A server field message back to its code (the server words messages in English; the form translates codes). */
export function messageCode(message: string): RequestToPayMessage | undefined {
  const entry = Object.entries(REQUEST_TO_PAY_MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as RequestToPayMessage) : undefined;
}
