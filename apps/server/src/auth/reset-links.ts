import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { DB } from "../db/schema.ts";
import { enqueueEmail, type OutboxMode } from "../mail/outbox.repository.ts";
import { resetPasswordEmail } from "../mail/templates.ts";
import { findUsersByEmail } from "./auth.repository.ts";
import { issuePasswordToken } from "./password-tokens.ts";

export interface MailContext {
  db: Kysely<DB>;
  config: Pick<Config, "publicUrl" | "smtpUrl">;
}

export function mailMode(ctx: MailContext): OutboxMode {
  return { smtp: ctx.config.smtpUrl !== undefined };
}

export function portalLink(ctx: MailContext, page: "reset-password" | "reactivate", token: string): string {
  return `${ctx.config.publicUrl}/portal2/en/${page}?token=${encodeURIComponent(token)}`;
}

/**
 * The work of forgot_password after its answer: a reset link to every account with this (lower-cased) address,
 * none when there is none. forgot_password runs it for every address, known or not, after replying.
 */
export async function sendResetLinks(ctx: MailContext, address: string): Promise<void> {
  const users = await findUsersByEmail(ctx.db, address);
  if (users.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    for (const u of users) {
      const token = await issuePasswordToken(trx, u.id, "reset");
      await enqueueEmail(
        trx,
        mailMode(ctx),
        resetPasswordEmail(u.email, u.username, portalLink(ctx, "reset-password", token)),
      );
    }
  });
}
