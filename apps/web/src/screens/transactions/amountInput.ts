import type { Currency } from "@portal/domain/currencies";
import { safeParseAmount } from "@portal/domain/money";
import { PARTIAL_REFUND_MIN_REMAINDER } from "@portal/domain/refunds";

/** What a refund or capture amount field can say, as keys of "transactions.validation". */
export type AmountFieldProblem =
  | "required"
  | "invalidAmount"
  | "refundExceedsRemaining"
  | "partialRefundRemainder"
  | "refundProviderMaximum"
  | "captureExceedsMaximum";

export type AmountFieldResult = { ok: true; amount: number } | { ok: false; problem: AmountFieldProblem };

function parse(input: string, currency: Currency): AmountFieldResult {
  const result = safeParseAmount(input, currency);
  if (result.ok) return result.amount > 0 ? result : { ok: false, problem: "invalidAmount" };
  return { ok: false, problem: result.problem === "empty" ? "required" : "invalidAmount" };
}

/**
 * A refund amount typed by the user ("149.99", Arabic digits too): at most the transaction amount minus what is
 * already refunded (the spec's message), leaving more than 500 minor units when partial, and at most a financing
 * provider's maximum. `remaining` is the refundable amount in minor units.
 */
export function checkRefundInput(
  input: string,
  currency: Currency,
  remaining: number,
  providerMaximum?: number | null,
): AmountFieldResult {
  const parsed = parse(input, currency);
  if (!parsed.ok) return parsed;
  if (parsed.amount > remaining) return { ok: false, problem: "refundExceedsRemaining" };
  if (providerMaximum != null && parsed.amount > providerMaximum)
    return { ok: false, problem: "refundProviderMaximum" };
  const left = remaining - parsed.amount;
  if (left > 0 && left <= PARTIAL_REFUND_MIN_REMAINDER)
    return { ok: false, problem: "partialRefundRemainder" };
  return parsed;
}

/** A capture amount: positive, at most the displayed maximum. */
export function checkCaptureInput(input: string, currency: Currency, maximum: number): AmountFieldResult {
  const parsed = parse(input, currency);
  if (!parsed.ok) return parsed;
  if (parsed.amount > maximum) return { ok: false, problem: "captureExceedsMaximum" };
  return parsed;
}
