import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The provider's callback signature: HMAC-SHA512 with the merchant's HMAC secret over the values of a fixed
 * list of fields, concatenated with no separator, booleans as "true"/"false", lowercase hex. The same order
 * serves the processed callback's nested obj and the response callback's flat query (where "order" holds the
 * order id and "source_data.pan" is a literal key).
 */
export const TRANSACTION_HMAC_FIELDS = [
  "amount_cents",
  "created_at",
  "currency",
  "error_occured",
  "has_parent_transaction",
  "id",
  "integration_id",
  "is_3d_secure",
  "is_auth",
  "is_capture",
  "is_refunded",
  "is_standalone_payment",
  "is_voided",
  "order.id",
  "owner",
  "pending",
  "source_data.pan",
  "source_data.sub_type",
  "source_data.type",
  "success",
] as const;

export const TOKEN_HMAC_FIELDS = [
  "card_subtype",
  "created_at",
  "email",
  "id",
  "masked_pan",
  "merchant_id",
  "order_id",
  "token",
] as const;

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "object") return "";
  return String(value);
}

/**
 * The value of a dotted field in a nested object or a flat record. A flat key wins ("source_data.pan" in a
 * query); "order.id" also reads a flat "order" (the redirect sends the id there) or "order_id" (some docs).
 */
export function fieldValue(source: Record<string, unknown>, field: string): unknown {
  if (field in source) return source[field];
  const [head, ...rest] = field.split(".");
  if (head === undefined) return undefined;
  let current: unknown = source[head];
  if (rest.length === 0) return current;
  if (field === "order.id" && (typeof current === "number" || typeof current === "string")) return current;
  if (field === "order.id" && current === undefined) return source.order_id;
  for (const key of rest) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function hmacMessage(source: Record<string, unknown>, fields: readonly string[]): string {
  return fields.map((f) => text(fieldValue(source, f))).join("");
}

export function hmacOfMessage(message: string, secret: string): string {
  return createHmac("sha512", secret).update(message, "utf8").digest("hex");
}

export function signTransaction(obj: Record<string, unknown>, secret: string): string {
  return hmacOfMessage(hmacMessage(obj, TRANSACTION_HMAC_FIELDS), secret);
}

export function signToken(obj: Record<string, unknown>, secret: string): string {
  return hmacOfMessage(hmacMessage(obj, TOKEN_HMAC_FIELDS), secret);
}

/** Constant-time comparison of a received hmac with the expected one (hex, any case). */
export function sameHmac(received: string, expected: string): boolean {
  const a = Buffer.from(received.toLowerCase(), "utf8");
  const b = Buffer.from(expected.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifyTransaction(obj: Record<string, unknown>, hmac: string, secret: string): boolean {
  return sameHmac(hmac, signTransaction(obj, secret));
}
