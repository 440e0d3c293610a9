import { createHmac } from "node:crypto";

/**
 * What the database keeps of a low-entropy secret or of a value that covers one (a one-time code, a request over
 * a card number): an HMAC-SHA256 under the data key, so reading the table without the key gives nothing to try
 * guesses against. `purpose` separates the uses, so a value hashed for one can never stand for another. Tokens
 * with 128 bits or more of randomness may stay plain sha256 (security/tokens.ts).
 */
export function keyedHash(
  dataKey: Buffer,
  purpose: string,
  text: string,
  encoding: "hex" | "base64url" = "hex",
): string {
  return createHmac("sha256", dataKey).update(`${purpose}:${text}`, "utf8").digest(encoding);
}
