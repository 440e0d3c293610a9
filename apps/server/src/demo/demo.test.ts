import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  COUNTRIES,
  currencyExponent,
  MERCHANT_PERMISSIONS,
  PROFILE_TYPES,
  partnerCssSchema,
  passwordProblems,
} from "@portal/domain";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../db/schema.ts";
import { mailboxKey } from "../mail/mailbox-key.ts";
import { findMerchantByKey, hashKey, loadDataKey, readHmacSecret } from "../security/keys.ts";
import { verifyPassword } from "../security/passwords.ts";
import { createTestDatabase, describeEachDatabase } from "../test/databases.ts";
import { DAY_MS } from "./activity.ts";
import { REVIEW_MERCHANTS } from "./backoffice.ts";
import { CREDENTIALS_FILE, type DemoSummary, ensureDemoData, readCredentials } from "./demo.ts";
import { generateDemoData } from "./generate.ts";

/**
 * Owners of merchants that exist for one journey each (docs/e2e.md "Accounts"): the walkthrough's
 * (demo/walkthrough.ts) and the checkout customization's (demo/checkout-customization.ts) have no staff, and the
 * profile journey's Egyptian merchant (demo/profile.ts) is not one of the generated world's, nor are the activation
 * wizard's (demo/activation.ts).
 */
const journeyOwner = (username: string) =>
  username.startsWith("walkthrough.") ||
  username.startsWith("branding.") ||
  username.startsWith("activation.") ||
  username === "merchant.profile" ||
  // The businesses registered through Nile Electronics' referral link (demo/registration.ts).
  DEMO_REFERRED.some((r) => r.email === username);

import { DEMO_REFERRED } from "./registration.ts";
import { DEMO_PASSWORD, MERCHANTS } from "./world.ts";

const NOW = new Date("2026-03-15T10:30:00Z");
const OPTIONS = { seed: "test-seed", now: NOW, volume: 0.1 };

/** A digest of all rows of a table in id order: equal digests mean identical rows. */
/** Random by design (unguessable): a customer page's token and the uploaded images' ids (migration 0025). */
const RANDOM_COLUMNS = sql`array['public_token', 'logo_image_id', 'product_image_id']`;

async function tableDigest(
  db: Kysely<DB>,
  table: "transactions" | "orders" | "payment_links",
): Promise<string> {
  const { rows } = await sql<{
    row: string;
  }>`select (to_jsonb(t) - ${RANDOM_COLUMNS})::text as row from ${sql.table(table)} t order by id`.execute(
    db,
  );
  const hash = createHash("sha256");
  for (const r of rows) hash.update(`${r.row}\n`);
  return hash.digest("hex");
}

describe("demo generator (in memory)", () => {
  it("gives the same rows for the same seed and now, and different rows otherwise", () => {
    const a = generateDemoData({ ...OPTIONS, volume: 0.03 });
    const b = generateDemoData({ ...OPTIONS, volume: 0.03 });
    const c = generateDemoData({ ...OPTIONS, volume: 0.03, seed: "other" });
    expect(JSON.stringify(a.transactions)).toBe(JSON.stringify(b.transactions));
    expect(JSON.stringify(a.orders)).toBe(JSON.stringify(b.orders));
    expect(JSON.stringify(a.transactions)).not.toBe(JSON.stringify(c.transactions));
  });

  it("draws keys from the seed only when asked", () => {
    const a = generateDemoData({ ...OPTIONS, volume: 0, deterministicKeys: true });
    const b = generateDemoData({ ...OPTIONS, volume: 0, deterministicKeys: true });
    const c = generateDemoData({ ...OPTIONS, volume: 0 });
    expect(a.credentials.merchants).toEqual(b.credentials.merchants);
    expect(c.credentials.merchants[0]!.api_key).not.toBe(a.credentials.merchants[0]!.api_key);
  });

  it("keeps the default volume around 25,000 transactions", () => {
    const data = generateDemoData({ now: NOW });
    expect(data.transactions.length).toBeGreaterThan(22_000);
    expect(data.transactions.length).toBeLessThan(32_000);
  });
});

describeEachDatabase("demo data", (get) => {
  let dataDir: string;
  let summary: DemoSummary | undefined;
  let db: Kysely<DB>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-"));
    db = get().database.db;
    summary = await ensureDemoData(get().database, { dataDir }, OPTIONS);
  }, 120_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("creates every profile type in every country it should", async () => {
    expect(summary?.created).toBe(true);
    const users = await db.selectFrom("users").selectAll().execute();
    expect(new Set(users.map((u) => u.profile_type))).toEqual(new Set(PROFILE_TYPES));
    const merchants = await db.selectFrom("merchants").selectAll().execute();
    for (const country of COUNTRIES) {
      // merchant.new owns a bank merchant without staff (the onboarding popup's account): checked below.
      const owners = users.filter(
        (u) =>
          u.profile_type === "Merchant" &&
          u.country === country &&
          u.username !== "merchant.new" &&
          !journeyOwner(u.username),
      );
      expect(owners.length, country).toBeGreaterThanOrEqual(1);
      for (const owner of owners) {
        expect(owner.permissions).toEqual([...MERCHANT_PERMISSIONS]);
        const staff = users.filter(
          (u) => u.profile_type === "MerchantStaff" && u.merchant_id === owner.merchant_id,
        );
        expect(staff.length).toBeGreaterThanOrEqual(2);
        const sets = new Set(staff.map((s) => [...s.permissions].sort().join("|")));
        expect(sets.size).toBeGreaterThanOrEqual(2);
      }
    }
    const egyptOwners = users.filter(
      (u) =>
        u.profile_type === "Merchant" &&
        u.country === "EGY" &&
        u.username !== "merchant.new" &&
        !journeyOwner(u.username),
    );
    expect(egyptOwners).toHaveLength(2);
    const newcomer = users.find((u) => u.username === "merchant.new")!;
    expect(newcomer.permissions).toEqual([...MERCHANT_PERMISSIONS]);
    expect(merchants.find((m) => m.id === newcomer.merchant_id)?.filled_business_data).toBe(false);
    expect(merchants.filter((m) => m.filled_business_data).length).toBeGreaterThan(5);
    const branded = merchants.filter((m) => m.partner_id !== null);
    expect(branded.map((m) => m.country)).toEqual(["EGY"]);
    expect(egyptOwners.some((u) => u.merchant_id === branded[0]!.id)).toBe(true);

    const partner = await db.selectFrom("partners").selectAll().executeTakeFirstOrThrow();
    expect(partnerCssSchema.strict().parse(partner.css)).toBeTruthy();
    expect(Object.keys(partner.css)).toHaveLength(10);
    expect(partner.time_zone).toBe("Asia/Riyadh");
    expect(partner.logo_url).toBeTruthy();
    expect(users.find((u) => u.profile_type === "Partner")?.partner_id).toBe(partner.id);

    const banks = await db.selectFrom("banks").selectAll().execute();
    expect(banks.map((b) => b.country).sort()).toEqual(["ARE", "EGY"]);
    for (const bank of banks) {
      const bankUsers = users.filter((u) => u.bank_id === bank.id);
      expect(bankUsers.map((u) => u.profile_type).sort()).toEqual(["Bank", "BankStaff"]);
      for (const u of bankUsers) expect(u.portal_config).toHaveProperty("add_merchant");
      expect(merchants.filter((m) => m.bank_id === bank.id).length).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(merchants.map((m) => m.bank_merchant_status))).toEqual(
      new Set(["approved", "pending", "rejected", "deactivated"]),
    );

    const terminalUser = users.find((u) => u.profile_type === "Terminal")!;
    const terminal = await db
      .selectFrom("terminals")
      .selectAll()
      .where("id", "=", terminalUser.terminal_id!)
      .executeTakeFirstOrThrow();
    expect(terminal.merchant_id).toBe(terminalUser.merchant_id);
    expect(merchants.find((m) => m.id === terminal.merchant_id)?.country).toBe("EGY");

    expect(users.filter((u) => u.is_temp_password).map((u) => u.username)).toEqual(["temp.egypt"]);
  });

  it("shows the back-office's Pending Verification for submitted applications only", async () => {
    const rows = await db
      .selectFrom("merchants")
      .select(["company_name", "application_submitted"])
      .where("bank_merchant_status", "=", "pending")
      .where("filled_business_data", "=", true)
      .execute();
    const submitted = rows.filter((r) => r.application_submitted).map((r) => r.company_name);
    // The review journey's four and the activation wizard's submitted one; the draft and the wizard journey's
    // accounts (the popup answered, no application) are In the Onboarding Process.
    expect(submitted.sort()).toEqual(
      ["Delta Olive Oil", "Luxor Books", "Luxor Spices", "Nile Textiles", "Sinai Tours"].sort(),
    );
    expect(rows.filter((r) => !r.application_submitted).map((r) => r.company_name)).toContain(
      "Delta Textiles",
    );
  });

  it("gives merchants integrations of several types, test and live, in their currencies", async () => {
    const integrations = await db.selectFrom("integrations").selectAll().execute();
    const egypt = integrations.filter((i) => i.merchant_id === summary!.merchants[0]!.merchant_id);
    expect(new Set(egypt.map((i) => i.gateway_type))).toEqual(
      new Set(["VPC", "UIG", "CAGG", "CASH", "VALU", "card_present"]),
    );
    expect(new Set(egypt.map((i) => i.is_live))).toEqual(new Set([true, false]));
    expect(new Set(integrations.map((i) => i.currency))).toEqual(
      new Set(["EGP", "AED", "SAR", "PKR", "OMR", "USD"]),
    );
    const merchants = await db.selectFrom("merchants").select(["id", "country"]).execute();
    const local: Record<string, string> = { EGY: "EGP", ARE: "AED", SAU: "SAR", PAK: "PKR", OMN: "OMR" };
    for (const i of integrations) {
      const country = merchants.find((m) => m.id === i.merchant_id)!.country;
      expect([local[country], "USD"]).toContain(i.currency);
    }
  });

  it("writes a credentials file listing every account, each signing in with its password", async () => {
    const file = path.join(dataDir, CREDENTIALS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const credentials = readCredentials(file)!;
    const users = await db
      .selectFrom("users")
      .select(["username", "password_hash", "profile_type", "country"])
      .execute();
    expect(credentials.accounts.map((a) => a.username).sort()).toEqual(users.map((u) => u.username).sort());
    for (const account of credentials.accounts) {
      const user = users.find((u) => u.username === account.username)!;
      expect(account.profile_type).toBe(user.profile_type);
      expect(account.country).toBe(user.country);
      expect(account.password).toBe(DEMO_PASSWORD);
      expect(passwordProblems(account.password)).toEqual([]);
      expect(user.password_hash).not.toContain(account.password);
      expect(await verifyPassword(user.password_hash, account.password)).toBe(true);
    }
    expect(await verifyPassword(users[0]!.password_hash, "Wrong@2026")).toBe(false);
    // The local mailbox's key is listed beside the sign-ins (issue 10 item 2).
    expect(credentials.mailbox_key).toBe(mailboxKey(loadDataKey(dataDir)));
    expect(summary?.mailboxKey).toBe(credentials.mailbox_key);
  });

  it("stores merchant keys hashed, finds them by hash and keeps the HMAC secret encrypted", async () => {
    const credentials = readCredentials(path.join(dataDir, CREDENTIALS_FILE))!;
    expect(credentials.merchants).toHaveLength(MERCHANTS.length);
    const { rows } = await sql<{ dump: string }>`
      select (select coalesce(json_agg(k), '[]')::text from merchant_keys k)
        || (select json_agg(m)::text from merchants m) as dump`.execute(db);
    const dump = rows[0]!.dump;
    const dataKey = loadDataKey(dataDir);
    for (const m of credentials.merchants) {
      expect(m.secret_key_live).toMatch(new RegExp(`^${m.country.toLowerCase()}_sk_live_`));
      for (const secret of [m.api_key, m.secret_key_test, m.secret_key_live, m.hmac_secret]) {
        expect(dump).not.toContain(secret);
      }
      expect(dump).toContain(hashKey(m.secret_key_live));
      expect(await findMerchantByKey(db, "api", m.api_key)).toMatchObject({ merchantId: m.merchant_id });
      expect(await findMerchantByKey(db, "secret", m.secret_key_test)).toMatchObject({
        merchantId: m.merchant_id,
        isLive: false,
      });
      expect(await findMerchantByKey(db, "secret", m.secret_key_live)).toMatchObject({ isLive: true });
      expect(await findMerchantByKey(db, "public", m.public_key_live)).toMatchObject({
        merchantId: m.merchant_id,
      });
      expect(await readHmacSecret(db, m.merchant_id, dataKey)).toBe(m.hmac_secret);
      const integrations = await db
        .selectFrom("integrations")
        .select(["id", "currency", "is_live", "gateway_type"])
        .where("merchant_id", "=", m.merchant_id)
        .orderBy("id")
        .execute();
      expect(
        m.integrations.map((i) => ({
          id: i.id,
          currency: i.currency,
          is_live: i.is_live,
          gateway_type: i.gateway_type,
        })),
      ).toEqual(integrations);
    }
  });

  it("keeps the money invariants", async () => {
    const txs = await db.selectFrom("transactions").selectAll().orderBy("id").execute();
    expect(txs.length).toBeGreaterThan(2000);
    const byId = new Map(txs.map((t) => [t.id, t]));
    const childSums = new Map<number, { refund: number; capture: number }>();
    for (const t of txs) {
      for (const v of [
        t.amount_cents,
        t.captured_amount_cents,
        t.refunded_amount_cents,
        t.fees_cents,
        t.vat_cents,
      ]) {
        expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
      }
      expect(t.captured_amount_cents).toBeLessThanOrEqual(t.amount_cents);
      expect(t.refunded_amount_cents).toBeLessThanOrEqual(
        t.is_auth ? t.captured_amount_cents : t.amount_cents,
      );
      expect(t.is_refunded).toBe(t.refunded_amount_cents > 0);
      if (t.parent_transaction_id !== null) {
        const parent = byId.get(t.parent_transaction_id)!;
        expect(parent.id).toBeLessThan(t.id);
        expect(t.created_at.getTime()).toBeGreaterThan(parent.created_at.getTime());
        expect(t.currency).toBe(parent.currency);
        expect(t.order_id).toBe(parent.order_id);
        expect(["refund", "capture", "void"]).toContain(t.trnx_type);
        const sums = childSums.get(parent.id) ?? { refund: 0, capture: 0 };
        if (t.trnx_type === "refund") sums.refund += t.amount_cents;
        if (t.trnx_type === "capture") sums.capture += t.amount_cents;
        if (t.trnx_type === "void") expect(parent.is_voided).toBe(true);
        childSums.set(parent.id, sums);
      }
    }
    for (const t of txs) {
      const sums = childSums.get(t.id) ?? { refund: 0, capture: 0 };
      expect(sums.refund).toBe(t.refunded_amount_cents);
      if (t.is_auth) expect(sums.capture).toBe(t.captured_amount_cents);
    }
    const kinds = new Set(txs.map((t) => t.trnx_type));
    expect(kinds).toEqual(new Set(["standalone", "auth", "capture", "refund", "void"]));
    expect(txs.some((t) => t.is_refunded && t.refunded_amount_cents < t.amount_cents)).toBe(true);
    expect(txs.some((t) => t.is_refunded && t.refunded_amount_cents === t.amount_cents)).toBe(true);
    expect(txs.some((t) => t.is_3d_secure) && txs.some((t) => t.is_installment)).toBe(true);

    const payments = txs.filter((t) => t.parent_transaction_id === null);
    const share = (status: string) => payments.filter((t) => t.status === status).length / payments.length;
    expect(share("success")).toBeGreaterThan(0.78);
    expect(share("success")).toBeLessThan(0.92);
    expect(share("declined")).toBeGreaterThan(0.05);
    expect(share("pending")).toBeGreaterThan(0.02);
    expect(new Set(txs.map((t) => t.origin))).toEqual(
      new Set(["IFRAME", "PRODUCT", "INVOICE", "SDK", "OTHER", "POS"]),
    );
    expect(new Set(txs.map((t) => t.channel))).toEqual(new Set(["Ecommerce", "POS"]));

    // Cards keep only the first six and last four digits; wallets keep the number.
    for (const t of txs) {
      if (t.card_first6 !== null) expect(`${t.card_first6}${t.card_last4}`).toMatch(/^\d{10}$/);
      if (t.gateway_type === "UIG") expect(t.wallet_msisdn).toMatch(/^01\d{9}$/);
    }
    expect(JSON.stringify(txs)).not.toMatch(/\b\d{13,19}\b/);

    // 13 months before now, up to now.
    const times = txs.map((t) => t.created_at.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW.getTime() - 397 * DAY_MS);
    expect(new Set(txs.map((t) => t.created_at.toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(13);
  });

  it("never mixes currencies within an order, its transactions, links and integrations", async () => {
    const { rows } = await sql<{ problems: number }>`
      select (
        (select count(*) from transactions t join orders o on o.id = t.order_id where t.currency <> o.currency)
        + (select count(*) from transactions t join integrations i on i.id = t.integration_id
            where t.currency <> i.currency or t.is_live <> i.is_live or t.merchant_id <> i.merchant_id)
        + (select count(*) from transactions t join orders o on o.id = t.order_id where t.merchant_id <> o.merchant_id)
        + (select count(*) from payment_links l join orders o on o.id = l.order_id
            where l.currency <> o.currency or l.amount_cents <> o.amount_cents)
        + (select count(*) from payment_links l join integrations i on i.id = any(l.integration_ids)
            where i.currency <> l.currency or i.is_live <> l.is_live)
      )::int as problems`.execute(db);
    expect(rows[0]!.problems).toBe(0);
  });

  it("writes orders whose items add up, with OMR in thousandths", async () => {
    const orders = await db.selectFrom("orders").selectAll().execute();
    for (const o of orders) {
      const sum = o.items.reduce((s, i) => s + i.amount_cents * i.quantity, 0);
      for (const i of o.items) expect(Number.isSafeInteger(i.amount_cents)).toBe(true);
      expect(sum).toBe(o.amount_cents);
      expect(o.paid_amount_cents).toBeLessThanOrEqual(o.amount_cents);
    }
    const omr = orders.filter((o) => o.currency === "OMR");
    expect(omr.length).toBeGreaterThan(0);
    expect(currencyExponent("OMR")).toBe(3);
    // The catalogue lists the dhow cruise at 27.750 OMR and dolphin watching at 22.125 OMR.
    const prices = new Map(omr.flatMap((o) => o.items.map((i) => [i.name, i.amount_cents] as const)));
    expect(prices.get("Dhow Cruise")).toBe(27_750);
    expect(prices.get("Dolphin Watching")).toBe(22_125);
    expect(new Set(orders.map((o) => o.payment_status))).toEqual(new Set(["PAID", "UNPAID", "CANCELED"]));
    const links = await db.selectFrom("payment_links").select(["kind", "status"]).execute();
    expect(new Set(links.map((l) => `${l.kind}:${l.status}`))).toEqual(
      new Set(
        ["invoice", "link"].flatMap((k) =>
          ["paid", "unpaid", "deactivated", "canceled"].map((s) => `${k}:${s}`),
        ),
      ),
    );
  });

  it("pays orders as the payment core does: a sale its amount, an auth what was captured, a void nothing", async () => {
    const payments = await db
      .selectFrom("transactions")
      .select(["order_id", "amount_cents", "is_auth", "is_captured", "captured_amount_cents", "is_voided"])
      .where("parent_transaction_id", "is", null)
      .where("status", "=", "success")
      .execute();
    const expected = new Map<number, number>();
    for (const t of payments) {
      if (t.order_id === null) continue;
      const paid = t.is_voided ? 0 : t.is_auth ? t.captured_amount_cents : t.amount_cents;
      expected.set(t.order_id, (expected.get(t.order_id) ?? 0) + paid);
    }
    const orders = await db.selectFrom("orders").select(["id", "paid_amount_cents"]).execute();
    const wrong = orders.filter((o) => o.paid_amount_cents !== (expected.get(o.id) ?? 0));
    expect(wrong).toEqual([]);
    // The data holds the cases that matter: auths waiting for capture and partly captured ones.
    expect(payments.some((t) => t.is_auth && !t.is_captured && !t.is_voided)).toBe(true);
    expect(
      payments.some(
        (t) => t.is_auth && t.captured_amount_cents > 0 && t.captured_amount_cents < t.amount_cents,
      ),
    ).toBe(true);
  });

  it("gives every request to pay that was sent the SMS its customer got, with its page link", async () => {
    const requests = await db
      .selectFrom("request_to_pay")
      .select(["merchant_id", "mob_num", "sent_at", "amount_cents"])
      .execute();
    const sent = requests.filter((r) => r.sent_at !== null);
    expect(sent.length).toBeGreaterThan(0);
    expect(requests.length).toBeGreaterThan(sent.length);
    const sms = await db
      .selectFrom("sms_outbox")
      .select(["merchant_id", "to_number", "body", "created_at", "status"])
      .where("body", "like", "%payment request%")
      .execute();
    // One SMS per sent request (the demo has each request in both modes: same phone, same sent time).
    const key = (merchant: number | null, phone: string, at: Date | string) =>
      `${merchant}|${phone}|${new Date(at).getTime()}`;
    const wanted = new Map<string, number>();
    for (const r of sent) {
      const k = key(r.merchant_id, r.mob_num, r.sent_at!);
      wanted.set(k, (wanted.get(k) ?? 0) + 1);
    }
    for (const [k, n] of wanted) {
      const mine = sms.filter((m) => key(m.merchant_id, m.to_number, m.created_at) === k);
      expect(mine, k).toHaveLength(n);
      for (const m of mine) {
        expect(m.status).toBe("local");
        expect(m.body).toContain("/checkout/request?token=");
        expect(m.body).toContain("طلب دفع");
      }
    }
    // A request never sent has none.
    const created = requests.filter((r) => r.sent_at === null);
    for (const r of created) expect(sms.filter((m) => m.to_number === r.mob_num)).toHaveLength(0);
  });

  it("does nothing on a later start but returns the existing sign-ins", async () => {
    const before = await db
      .selectFrom("users")
      .select(db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const again = await ensureDemoData(get().database, { dataDir }, OPTIONS);
    expect(again?.created).toBe(false);
    expect(again?.accounts).toEqual(summary?.accounts);
    const after = await db
      .selectFrom("users")
      .select(db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // New rows get ids after the demo's explicit ones (and after the merchants the feature demos add).
    const last = await db.selectFrom("merchants").select(db.fn.max("id").as("id")).executeTakeFirstOrThrow();
    expect(Number(last.id)).toBeGreaterThanOrEqual(MERCHANTS.length + REVIEW_MERCHANTS.length);
    const merchant = await db
      .insertInto("merchants")
      .values({
        company_name: "After demo",
        country: "EGY",
        bank_id: null,
        partner_id: null,
        live_date: null,
        mcc: null,
        sector: null,
        sales_owner: null,
        logo_url: null,
        hmac_secret_enc: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(merchant.id).toBe(Number(last.id) + 1);
  });

  it("gives identical transaction rows for the same seed and now in a fresh database", async () => {
    const other = await createTestDatabase(get().kind);
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-"));
    try {
      await ensureDemoData(other.database, { dataDir: otherDir }, OPTIONS);
      for (const table of ["transactions", "orders", "payment_links"] as const) {
        expect(await tableDigest(other.database.db, table), table).toBe(await tableDigest(db, table));
      }
    } finally {
      await other.drop();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
