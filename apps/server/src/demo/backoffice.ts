import { deflateSync } from "node:zlib";
import { ACTIVATION_TERMS_VERSION } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The bank back-office's demo (docs/backoffice.md): Banque du Nil has merchants in every status (onboarding,
 * pending verification, live, rejected, deactivated, suspicious) with the activation application's documents
 * (sample PNG pages), comments, approvals (the audit), branches and the add form's fields. Six merchants are kept
 * for the back-office journey, one per language and task: review and approve, reject, flag suspicious.
 */

const DAY = 86_400_000;

/**
 * Merchants added for the back-office: [name, MCC, status, filled, live, docs received, days ago]. The pending ones
 * have submitted their activation application (merchant_activations, status submitted): the admin page's Pending
 * Verification (filled alone, the first-login popup's answer, leaves a merchant In the Onboarding Process).
 */
export const REVIEW_MERCHANTS = [
  ["Nile Textiles", "5651", "pending", true, false, false, 6],
  ["Delta Olive Oil", "5499", "pending", true, false, false, 5],
  ["Sinai Tours", "4722", "pending", true, false, false, 9],
  ["Luxor Books", "5942", "pending", true, false, false, 8],
  ["Red Sea Diving", "7999", "approved", true, true, true, 120],
  ["Fayoum Pottery", "5947", "approved", true, true, true, 110],
  // Live with cards approved and QR pending: the card and QR approvals journey (backoffice-products).
  ["Aswan Spices", "5499", "approved", true, true, true, 100],
  ["Siwa Dates", "5499", "approved", true, true, true, 95],
] as const;

/** The activation wizard's industry of each merchant whose application is in. */
const INDUSTRY: Record<string, string> = {
  "Nile Textiles": "fashion",
  "Delta Olive Oil": "food_beverage",
  "Sinai Tours": "travel",
  "Luxor Books": "retail",
};

const ALL_DOCUMENTS = [
  "company_registration",
  "tax_card",
  "acquirer_contract",
  "provider_contract",
  "signatory_national_id",
  "rent_contract",
] as const;

export async function seedDemoBackoffice(trx: Kysely<DB>, now: Date): Promise<{ merchants: number }> {
  const bank = await trx
    .selectFrom("banks")
    .select(["id", "country"])
    .where("name", "=", "Banque du Nil")
    .executeTakeFirst();
  if (!bank) return { merchants: 0 };
  const reviewer = await trx
    .selectFrom("users")
    .select("id")
    .where("username", "=", "bank.egypt")
    .executeTakeFirst();
  const reviewerId = reviewer?.id ?? null;
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY - hours * 3_600_000);

  // The generator's wording of the flags, in the back-office's: suspicious yes/no/none, deactivated.
  await trx
    .updateTable("merchants")
    .set({ suspicious: "yes", suspicion_reason: "negative_list" })
    .where("suspicious", "=", "suspicious")
    .execute();
  await trx
    .updateTable("merchants")
    .set({ deactivated: true, is_live: false, deactivate_reason: "Closed at the merchant's request" })
    .where("bank_merchant_status", "=", "deactivated")
    .execute();
  await trx
    .updateTable("merchants")
    .set({ rejection_reason: "expired_nid", cib_rejection_reason: "expired_tax_card" })
    .where("bank_merchant_status", "=", "rejected")
    .execute();
  await trx
    .updateTable("merchants")
    .set({ docs_received: true })
    .where("bank_merchant_status", "in", ["approved", "deactivated"])
    .execute();

  const existing = await trx
    .selectFrom("merchants")
    .select(["id", "company_name", "bank_merchant_status", "created_at", "live_date", "deactivate_reason"])
    .where("bank_id", "=", bank.id)
    .orderBy("id")
    .execute();

  // Every existing merchant of the bank gets its history: added, then its status decision.
  for (const m of existing) {
    await audit(trx, m.id, reviewerId, "created", null, null, "pending", m.created_at);
    const decided = m.live_date ?? new Date(m.created_at.getTime() + 7 * DAY);
    if (m.bank_merchant_status === "approved") {
      await audit(trx, m.id, reviewerId, "docs_received", null, null, null, decided);
      await audit(
        trx,
        m.id,
        reviewerId,
        "approved",
        "Contract and national ID checked",
        "pending",
        "approved",
        decided,
      );
    } else if (m.bank_merchant_status === "rejected") {
      await audit(trx, m.id, reviewerId, "rejected", "expired_nid", "pending", "rejected", decided);
    } else if (m.bank_merchant_status === "deactivated") {
      await audit(
        trx,
        m.id,
        reviewerId,
        "approved",
        "Contract and national ID checked",
        "pending",
        "approved",
        decided,
      );
      await audit(
        trx,
        m.id,
        reviewerId,
        "deactivated",
        m.deactivate_reason,
        "approved",
        "deactivated",
        at(20),
      );
    }
  }

  // Card and QR approvals (docs/backoffice.md "Card and QR approvals"): every approved (or since deactivated)
  // merchant accepts cards; every other one QR too, and one had QR refused; the rest wait (pending).
  const decidedOnes = existing.filter((m) => ["approved", "deactivated"].includes(m.bank_merchant_status));
  const qrApproved: number[] = [];
  let qrRejected: number | null = null;
  for (const [i, m] of decidedOnes.entries()) {
    const decided = new Date((m.live_date ?? m.created_at).getTime() + DAY);
    await audit(trx, m.id, reviewerId, "card_approved", null, "pending", "approved", decided);
    if (i % 2 === 0) {
      qrApproved.push(m.id);
      await audit(trx, m.id, reviewerId, "qr_approved", null, "pending", "approved", decided);
    } else if (qrRejected === null) {
      qrRejected = m.id;
      await audit(trx, m.id, reviewerId, "qr_rejected", "unclear_contract", "pending", "rejected", decided);
    }
  }
  if (decidedOnes.length > 0)
    await trx
      .updateTable("merchants")
      .set({ card_approval_status: "approved" })
      .where(
        "id",
        "in",
        decidedOnes.map((m) => m.id),
      )
      .execute();
  if (qrApproved.length > 0)
    await trx
      .updateTable("merchants")
      .set({ qr_approval_status: "approved" })
      .where("id", "in", qrApproved)
      .execute();
  if (qrRejected !== null)
    await trx
      .updateTable("merchants")
      .set({ qr_approval_status: "rejected", qr_rejection_reason: "unclear_contract" })
      .where("id", "=", qrRejected)
      .execute();

  // Cairo Coffee Roasters: the add form's fields, a business owner, two branches with their terminals, documents.
  const cairo = existing.find((m) => m.company_name === "Cairo Coffee Roasters");
  if (cairo) {
    await trx
      .updateTable("merchants")
      .set({
        bank_account: "EG380019000500000000263180002",
        fee_id: 1,
        bank_profile: JSON.stringify(
          profile(
            "Cairo",
            "14 Talaat Harb St, Downtown",
            "28501011234567",
            "CR-40213",
            "Hany Fouad",
            "Managing director",
          ),
        ),
      })
      .where("id", "=", cairo.id)
      .execute();
    await documents(trx, cairo.id, ALL_DOCUMENTS, at(400));
    for (const [name, code, terminals] of [
      ["Zamalek", "ZAM-01", 3],
      ["Heliopolis", "HEL-02", 2],
    ] as const) {
      const branch = await trx
        .insertInto("merchant_branches")
        .values({ merchant_id: cairo.id, branch_name: name, branch_code: code, city: "Cairo", address: name })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (let i = 1; i <= terminals; i++)
        await trx
          .insertInto("terminals")
          .values({
            merchant_id: cairo.id,
            terminal_code: `CCR-${code}-${i}`,
            branch_id: branch.id,
            branch_name: name,
            city: "Cairo",
          })
          .execute();
    }
  }

  // The journey's merchants: two to review and approve, two to reject, two live ones to flag, two live ones whose
  // QR approval waits and whose cards are approved.
  let added = 0;
  for (const [name, mcc, status, filled, live, docs, days] of REVIEW_MERCHANTS) {
    const created = at(days);
    const row = await trx
      .insertInto("merchants")
      .values({
        company_name: name,
        country: bank.country,
        bank_id: bank.id,
        mcc,
        sector: "Retail",
        phones: JSON.stringify(["+201001112233"]),
        emails: JSON.stringify([`${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`]),
        filled_business_data: filled,
        bank_merchant_status: status,
        digital_status: status === "approved" ? "approved" : "pending",
        is_live: live,
        live_date: live ? at(days - 10) : null,
        docs_received: docs,
        created_at: created,
        bank_profile: JSON.stringify(
          profile(
            "Cairo",
            "5 Nile Corniche, Maadi",
            "29001011234567",
            `CR-${50100 + added}`,
            "Salma Adel",
            "Owner",
          ),
        ),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    added += 1;
    if (name === "Sinai Tours" && reviewerId !== null)
      await trx
        .insertInto("merchant_comments")
        .values([
          {
            merchant_id: row.id,
            user_id: reviewerId,
            content: "Called the owner: the signed contract comes by courier.",
            created_at: at(days - 2, 5),
          },
          {
            merchant_id: row.id,
            user_id: reviewerId,
            content: "The national ID scan is blurred; asked for a new copy.",
            created_at: at(days - 3, 3),
          },
        ])
        .execute();
    await audit(trx, row.id, reviewerId, "created", null, null, "pending", created);
    if (status === "pending" && filled)
      await trx
        .insertInto("merchant_activations")
        .values({
          merchant_id: row.id,
          status: "submitted",
          business_info: JSON.stringify({
            business_type: "registered_company",
            industry: INDUSTRY[name] ?? "retail",
            industry_other: null,
            online_presence: `https://${name.toLowerCase().replace(/[^a-z]+/g, "")}.example.com`,
          }),
          payment_solutions: JSON.stringify({ payment_solutions: ["online_card", "payment_links"] }),
          documents: JSON.stringify({ id_type: "national_id" }),
          terms_accepted: true,
          terms_version: ACTIVATION_TERMS_VERSION,
          submitted_at: at(days - 1),
          updated_at: at(days - 1),
        })
        .execute();
    await documents(
      trx,
      row.id,
      status === "pending" && days < 7 ? ALL_DOCUMENTS : ALL_DOCUMENTS.slice(0, 2),
      at(days - 1),
    );
    if (status === "approved") {
      await audit(trx, row.id, reviewerId, "docs_received", null, null, null, at(days - 9));
      await audit(
        trx,
        row.id,
        reviewerId,
        "approved",
        "All documents verified",
        "pending",
        "approved",
        at(days - 10),
      );
    }
    if (name === "Aswan Spices" || name === "Siwa Dates") {
      await trx
        .updateTable("merchants")
        .set({ card_approval_status: "approved" })
        .where("id", "=", row.id)
        .execute();
      await audit(trx, row.id, reviewerId, "card_approved", null, "pending", "approved", at(days - 11));
    }
  }
  return { merchants: added };
}

function profile(
  city: string,
  address: string,
  nationalId: string,
  cr: string,
  signatory: string,
  position: string,
) {
  return {
    city,
    address,
    national_id: nationalId,
    tax_id_card_number: `${nationalId.slice(0, 9)}`,
    commercial_registration: cr,
    commercial_registration_area: "Cairo",
    settlment_type: "BankAccount",
    settlment_merchant_number: cr.replace(/\D/g, ""),
    is_active: true,
    signatory_name: signatory,
    signatory_position: position,
    passport_id_doc: null,
  };
}

async function audit(
  trx: Kysely<DB>,
  merchantId: number,
  userId: number | null,
  action: string,
  reason: string | null,
  from: string | null,
  to: string | null,
  createdAt: Date,
): Promise<void> {
  await trx
    .insertInto("merchant_actions")
    .values({
      merchant_id: merchantId,
      user_id: userId,
      action,
      reason,
      from_status: from,
      to_status: to,
      created_at: createdAt,
    })
    .execute();
}

async function documents(
  trx: Kysely<DB>,
  merchantId: number,
  kinds: readonly string[],
  createdAt: Date,
): Promise<void> {
  for (const [i, kind] of kinds.entries()) {
    const content = samplePng(kind, i);
    await trx
      .insertInto("merchant_documents")
      .values({
        merchant_id: merchantId,
        kind,
        file_name: `${kind.replace(/_/g, "-")}.png`,
        content_type: "image/png",
        size_bytes: content.length,
        content,
        created_at: createdAt,
      })
      .execute();
  }
}

// ------------------------------------------------------------------------------------------- sample pages

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small scanned-page look-alike (a real PNG: a coloured letterhead band and grey text lines), different per
 * document kind, so the details page has documents to view and download.
 */
export function samplePng(kind: string, variant: number): Buffer {
  const width = 240;
  const height = 320;
  const hue = [
    [20, 80, 160],
    [0, 120, 90],
    [150, 60, 20],
    [90, 40, 140],
    [30, 110, 130],
    [120, 100, 20],
  ][(kind.length + variant) % 6]!;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      let px: readonly number[] = [250, 250, 247];
      if (y < 40) px = hue;
      else if (y > 60 && y < 290 && (y - 60) % 18 < 6 && x > 20 && x < 220 - ((y * 7 + variant * 13) % 60))
        px = [170, 170, 170];
      else if (y > 295 && x > 150 && x < 220 && y < 305) px = hue;
      raw[row + 1 + x * 3] = px[0]!;
      raw[row + 2 + x * 3] = px[1]!;
      raw[row + 3 + x * 3] = px[2]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
