import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Profile and settings (issue 18 item 1, docs/settings.md): the merchant's notification e-mails switch. The
 * business branding lives in merchants.business_information with the onboarding answers (the same fields), the
 * logo in merchants.logo_url and the submitted contract in merchant_documents (kind provider_contract).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    "alter table merchants add column notification_emails boolean not null default true;",
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, "alter table merchants drop column notification_emails;");
}
