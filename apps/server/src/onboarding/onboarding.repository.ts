import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import type { BusinessInformation } from "./business-information.ts";

/**
 * Merges the questionnaire's answers into the merchant's business information (and marks it filled when the
 * answers are final); answers what the merchant's row holds afterwards.
 */
export function saveBusinessInformation(
  db: Kysely<DB>,
  merchantId: number,
  value: BusinessInformation,
  final: boolean,
) {
  return db
    .updateTable("merchants")
    .set({
      business_information: sql`business_information || ${JSON.stringify(value)}::jsonb`,
      ...(final ? { filled_business_data: true } : {}),
    })
    .where("id", "=", merchantId)
    .returning(["business_information", "filled_business_data"])
    .executeTakeFirstOrThrow();
}
