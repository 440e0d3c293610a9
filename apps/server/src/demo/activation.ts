import { createHash } from "node:crypto";
import { ACTIVATION_TERMS_VERSION, type ActivationDocumentKind, ibanCheckDigits } from "@portal/domain";
import type { Kysely } from "kysely";
import { documentContext, settlementsContext } from "../activation/activation.service.ts";
import type { DB } from "../db/schema.ts";
import { solidPng } from "../images/png.ts";
import { encryptBytes, encryptSecret } from "../security/keys.ts";
import type { DemoCredentials } from "./generate.ts";
import { seedJourneyMerchant, TEST_CARD } from "./journey-merchant.ts";

/**
 * The account activation wizard's demo (docs/onboarding.md "Account activation"), four Egyptian merchants of the
 * Egyptian demo bank, each with its owner (password in demo-credentials.json):
 *
 * - Delta Textiles (activation.draft) is half way: business info and payment solutions saved, both sides of the
 *   national ID uploaded; the wizard resumes at Documents;
 * - Luxor Spices (activation.submitted) has submitted a complete application with its seven documents (small
 *   real PNGs, encrypted like every upload): the bank sees it Pending Verification and can open each file;
 * - Fayoum Pottery (activation.en) and Sinai Herbs (activation.ar) have not started: the wizard journey's own
 *   accounts (e2e), one per language.
 */

const DAY = 86_400_000;

interface Account {
  username: string;
  company: string;
  phone: string;
}

const DRAFT: Account = { username: "activation.draft", company: "Delta Textiles", phone: "+201001234571" };
const SUBMITTED: Account = {
  username: "activation.submitted",
  company: "Luxor Spices",
  phone: "+201001234572",
};
export const ACTIVATION_JOURNEY_ACCOUNTS: readonly Account[] = [
  { username: "activation.en", company: "Fayoum Pottery", phone: "+201001234573" },
  { username: "activation.ar", company: "Sinai Herbs", phone: "+201001234574" },
];

/** A small PNG standing for a scanned paper: a background with a band, distinct per document. */
function documentImage(seed: number): Buffer {
  const c = (n: number) => (n * 37 + seed * 53) % 200;
  return solidPng(48, 32, [235 - (seed % 20), 232, 220 - (seed % 30)], [c(1), c(2) + 40, c(3) + 30]);
}

export async function seedDemoActivation(
  trx: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
): Promise<void> {
  const bank = await trx
    .selectFrom("banks")
    .select("id")
    .where("country", "=", "EGY")
    .orderBy("id")
    .executeTakeFirst();
  const bankId = bank ? Number(bank.id) : null;
  for (const account of ACTIVATION_JOURNEY_ACCOUNTS)
    await merchant(trx, credentials, dataKey, now, account, bankId, 3);

  const draft = await merchant(trx, credentials, dataKey, now, DRAFT, bankId, 6);
  await trx
    .insertInto("merchant_activations")
    .values({
      merchant_id: draft.id,
      business_info: JSON.stringify({
        business_type: "registered_company",
        industry: "fashion",
        industry_other: null,
        online_presence: "https://www.facebook.com/deltatextiles",
      }),
      payment_solutions: JSON.stringify({
        payment_solutions: ["online_card", "payment_links", "mobile_wallets"],
      }),
      updated_at: new Date(now.getTime() - 2 * DAY),
    })
    .execute();
  await documents(trx, dataKey, draft, ["national_id_front", "national_id_back"], now, 1);

  const submitted = await merchant(trx, credentials, dataKey, now, SUBMITTED, bankId, 9);
  const submittedAt = new Date(now.getTime() - DAY);
  const bban = "0003000100000000123456789";
  await trx
    .insertInto("merchant_activations")
    .values({
      merchant_id: submitted.id,
      status: "submitted",
      business_info: JSON.stringify({
        business_type: "registered_company",
        industry: "food_beverage",
        industry_other: null,
        online_presence: "https://luxorspices.example.com",
      }),
      payment_solutions: JSON.stringify({ payment_solutions: ["online_card", "qr", "pos"] }),
      documents: JSON.stringify({ id_type: "national_id" }),
      settlements_encrypted: encryptSecret(
        JSON.stringify({
          settlement_method: "bank_account",
          bank: "BM",
          account_name: "Karim Hassan Mahmoud",
          account_number: "1020304050607",
          iban: `EG${ibanCheckDigits("EG", bban)}${bban}`,
        }),
        dataKey,
        settlementsContext(submitted.id),
      ),
      terms_accepted: true,
      terms_version: ACTIVATION_TERMS_VERSION,
      submitted_at: submittedAt,
      submitted_by: submitted.ownerId,
      updated_at: submittedAt,
    })
    .execute();
  await documents(
    trx,
    dataKey,
    submitted,
    [
      "national_id_front",
      "national_id_back",
      "proof_of_residence",
      "company_registration",
      "tax_card",
      "rent_contract",
      "utility_bill",
    ],
    new Date(submittedAt.getTime() - 3_600_000),
    10,
  );
}

async function merchant(
  trx: Kysely<DB>,
  credentials: DemoCredentials,
  dataKey: Buffer,
  now: Date,
  account: Account,
  bankId: number | null,
  ageDays: number,
): Promise<{ id: number; ownerId: number }> {
  // The first-login popup is answered; the account awaits activation. Test mode works before activation (issue
  // 16 item 1): a test card integration and the merchant's keys.
  return seedJourneyMerchant(trx, credentials, dataKey, account, {
    created: new Date(now.getTime() - ageDays * DAY),
    merchant: { bank_id: bankId, bank_merchant_status: "pending", is_live: false },
    integrations: [TEST_CARD],
  });
}

async function documents(
  trx: Kysely<DB>,
  dataKey: Buffer,
  merchant: { id: number; ownerId: number },
  kinds: ActivationDocumentKind[],
  at: Date,
  seed: number,
): Promise<void> {
  for (const [i, kind] of kinds.entries()) {
    const bytes = documentImage(seed + i);
    await trx
      .insertInto("merchant_documents")
      .values({
        merchant_id: merchant.id,
        kind,
        file_name: `${kind}.png`,
        content_type: "image/png",
        size_bytes: bytes.byteLength,
        content: encryptBytes(bytes, dataKey, documentContext(merchant.id)),
        content_hash: createHash("sha256").update(bytes).digest("hex"),
        encryption: "v1",
        uploaded_by: merchant.ownerId,
        created_at: new Date(at.getTime() + i * 60_000),
      })
      .execute();
  }
}
