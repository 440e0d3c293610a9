import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh unguessable token (256 bits, URL-safe): session tokens, CSRF tokens, e-mailed link tokens. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its sha256, so a read of the table gives no usable credential. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Compares two hex digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
