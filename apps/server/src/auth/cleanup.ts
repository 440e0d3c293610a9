import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { purgeOldLocalMailText } from "../mail/outbox.repository.ts";
import { deleteExpiredRateLimits } from "../ratelimit/rate-limit.repository.ts";
import { deleteIdleSessions } from "../sessions/session.repository.ts";
import { deleteStalePasswordTokens } from "./auth.repository.ts";
import { TOKEN_VALIDITY_SECONDS } from "./password-tokens.ts";

/** The longest an e-mail's content stays usable: a reactivation link (7 days; reset links 1 h, refund codes 10 min). */
export const LOCAL_MAIL_TEXT_SECONDS = Math.max(...Object.values(TOKEN_VALIDITY_SECONDS));

/**
 * Deletes rows that can no longer be used: idle sessions, passed rate-limit windows, dead e-mailed tokens; and
 * empties the local mailbox's texts older than anything they can carry.
 */
export async function deleteExpiredAuthRows(db: Kysely<DB>) {
  return {
    sessions: await deleteIdleSessions(db),
    rateLimits: await deleteExpiredRateLimits(db),
    passwordTokens: await deleteStalePasswordTokens(db),
    localMailTexts: await purgeOldLocalMailText(db, LOCAL_MAIL_TEXT_SECONDS),
  };
}

const EVERY_MS = 10 * 60_000;

/**
 * Runs the clean-up every ten minutes in each listening process. It is idempotent, so several processes doing
 * it at once only repeat a cheap delete; correctness never depends on it (expiry is checked on every read).
 */
export function installAuthCleanup(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onListen", async () => {
    timer = setInterval(() => {
      deleteExpiredAuthRows(app.deps.database.db).catch((error: unknown) =>
        app.log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          "auth clean-up failed",
        ),
      );
    }, EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
