import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The request header that carries the mailbox key (declared with the route's contract). */
export { MAILBOX_KEY_HEADER } from "@portal/domain";

/**
 * The secret that opens the local mailbox: derived from the data key, so it is the same for every process and
 * every start, needs no file of its own, and is unknown to anyone who cannot read DATA_DIR (or DATA_KEY). It is
 * printed at start-up and written to demo-credentials.json.
 */
export function mailboxKey(dataKey: Buffer): string {
  return createHmac("sha256", dataKey)
    .update("portal local mailbox v1", "utf8")
    .digest("base64url")
    .slice(0, 32);
}

/** Compares a presented key with the right one in constant time (both hashed first, so lengths never differ). */
export function isMailboxKey(presented: unknown, dataKey: Buffer): boolean {
  if (typeof presented !== "string" || presented === "") return false;
  const digest = (v: string) => createHash("sha256").update(v, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(mailboxKey(dataKey)));
}
