import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/** The merchant's answers to the first-login onboarding questionnaire (docs/onboarding.md). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table merchants add column business_information jsonb not null default '{}'::jsonb;
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, "alter table merchants drop column business_information;");
}
