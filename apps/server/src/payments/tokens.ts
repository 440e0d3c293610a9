import { randomBytes, timingSafeEqual } from "node:crypto";
import { COUNTRY_INFO, type Country } from "@portal/domain";
import { keyedHash } from "../security/keyed-hash.ts";

/**
 * Credentials the payment core hands out. None is stored in the clear:
 * - payment tokens are derived from the payment key row (id + random salt) with an HMAC under the data key,
 *   so an intention can show its tokens again without keeping them;
 * - client secrets, API auth tokens and card tokens (128 bits of randomness or more) are stored as their sha256,
 *   security/tokens.ts tokenHash (card tokens also encrypted, since the card-token inquiry answers them).
 */

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

const PAYMENT_TOKEN = /^pt_([0-9a-z]{1,12})_([A-Za-z0-9_-]{43})$/;

function paymentTokenMac(dataKey: Buffer, id: number, salt: string): string {
  return keyedHash(dataKey, "payment_key", `${id}:${salt}`, "base64url");
}

export function paymentToken(dataKey: Buffer, id: number, salt: string): string {
  return `pt_${id.toString(36)}_${paymentTokenMac(dataKey, id, salt)}`;
}

/** The payment key id a token claims, before it is checked against the row's salt. */
export function paymentTokenId(token: string): number | undefined {
  const match = PAYMENT_TOKEN.exec(token.trim());
  if (!match) return undefined;
  const id = Number.parseInt(match[1]!, 36);
  return Number.isSafeInteger(id) ? id : undefined;
}

export function paymentTokenMatches(token: string, dataKey: Buffer, id: number, salt: string): boolean {
  const a = Buffer.from(token.trim(), "utf8");
  const b = Buffer.from(paymentToken(dataKey, id, salt), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

function mode(isLive: boolean) {
  return isLive ? "live" : "test";
}

/** "egy_csk_test_<32 hex>", as the provider's client secrets. */
export function newClientSecret(country: Country, isLive: boolean): string {
  return `${COUNTRY_INFO[country].keyPrefix}_csk_${mode(isLive)}_${randomHex(16)}`;
}

/** "pi_test_<32 hex>", the intention id. */
export function newIntentionId(isLive: boolean): string {
  return `pi_${mode(isLive)}_${randomHex(16)}`;
}

export function newAuthToken(): string {
  return randomBytes(48).toString("base64url");
}

/** 56 hex characters, the length of the provider's card tokens. */
export function newCardToken(): string {
  return randomHex(28);
}
