import {
  BACKOFFICE_MESSAGES,
  BANK_STAFF_ROLES,
  type MerchantDetails,
  type MerchantListItem,
  type MerchantOverview,
  type PartnerMerchant,
} from "@portal/domain";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../db/schema.ts";
import { runExport } from "../exports/exports.service.ts";
import { BILLING, createTestIntention, payCard, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type FixtureUser, fixtures, signIn, type TestSession, unique } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** The merchant's activation application, submitted (the wizard's Submit) or a draft. */
async function submittedApplication(
  db: Kysely<DB>,
  merchantId: number,
  status: "submitted" | "draft" = "submitted",
) {
  await db
    .insertInto("merchant_activations")
    .values({
      merchant_id: merchantId,
      status,
      terms_accepted: status === "submitted",
      submitted_at: status === "submitted" ? new Date() : null,
    })
    .execute();
}

describeEachDatabase("back-office: the bank's merchants", (get) => {
  let app: FastifyInstance;
  let bankId: number;
  let bank: TestSession;
  let otherBank: TestSession;
  let fx: ReturnType<typeof fixtures>;
  const m: Record<string, number> = {};

  const call = (s: TestSession, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
    app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });

  const merchantOf = async (name: string, o: Record<string, unknown> = {}) =>
    (await fx.merchant({ company_name: unique(name), bank_id: bankId, ...o })).id;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const db = app.payments.db;
    fx = fixtures(db);
    const r = rows(db);
    const b = await fx.bank();
    bankId = b.id;
    bank = await fx.session(await fx.user("Bank", { bankId }));
    otherBank = await fx.session(await fx.user("Bank"));
    m.onboarding = await merchantOf("Onboarding ", {
      mcc: "5411",
      created_at: new Date("2026-01-01T10:00:00Z"),
    });
    m.pending = await merchantOf("Pending ", {
      mcc: "5812",
      filled_business_data: true,
      created_at: new Date("2026-01-02T10:00:00Z"),
    });
    await submittedApplication(db, m.pending);
    m.live = await merchantOf("Live ", {
      mcc: "5411",
      bank_merchant_status: "approved",
      is_live: true,
      live_date: new Date("2026-01-05T10:00:00Z"),
      docs_received: true,
      created_at: new Date("2026-01-03T10:00:00Z"),
    });
    m.rejected = await merchantOf("Rejected ", {
      bank_merchant_status: "rejected",
      rejection_reason: "expired_nid",
      created_at: new Date("2026-01-04T10:00:00Z"),
    });
    await r.payment(m.live, { status: "success", fees_cents: 250 });
    await r.payment(m.live, { status: "success", fees_cents: 250 });
    await r.payment(m.live, { status: "declined" });
    await r.payment(m.live, { status: "success", is_live: false });
    await db
      .insertInto("merchant_documents")
      .values({
        merchant_id: m.pending,
        kind: "company_registration",
        file_name: "registration.png",
        content_type: "image/png",
        size_bytes: PNG.length,
        content: PNG,
      })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  describe("merchants summary and admin page", () => {
    it("lists the bank's merchants only, newest first, with the successful live payments", async () => {
      const res = await call(bank, "GET", "/api/bank/merchants?page_size=100");
      expect(res.statusCode).toBe(200);
      const body = res.json<{ count: number; results: MerchantListItem[] }>();
      expect(body.results.map((x) => x.id)).toEqual([m.rejected, m.live, m.pending, m.onboarding]);
      const live = body.results.find((x) => x.id === m.live)!;
      expect(live).toMatchObject({ successful_transactions: 2, stage: "live", mcc: "5411", is_live: true });
      const other = await call(otherBank, "GET", "/api/bank/merchants");
      expect(other.json<{ count: number }>().count).toBe(0);
    });

    it("filters by merchant id, category, status and stage, and pages", async () => {
      const ids = async (q: string) =>
        (await call(bank, "GET", `/api/bank/merchants?${q}`))
          .json<{ results: MerchantListItem[] }>()
          .results.map((x) => x.id);
      expect(await ids(`id=${m.live}`)).toEqual([m.live]);
      expect(await ids("mcc=5411")).toEqual([m.live, m.onboarding]);
      expect(await ids("status=rejected")).toEqual([m.rejected]);
      expect(await ids("stage=onboarding")).toEqual([m.onboarding]);
      expect(await ids("stage=pending_verification")).toEqual([m.pending]);
      const page2 = await call(bank, "GET", "/api/bank/merchants?page=2&page_size=3");
      expect(page2.json<{ count: number; results: unknown[] }>()).toMatchObject({ count: 4 });
      expect(page2.json<{ results: unknown[] }>().results).toHaveLength(1);
      expect((await call(bank, "GET", "/api/bank/merchants?mcc=abc")).statusCode).toBe(400);
      // Another bank's merchant id: nothing.
      const other = await call(otherBank, "GET", `/api/bank/merchants?id=${m.live}`);
      expect(other.json<{ results: unknown[] }>().results).toEqual([]);
    });

    it("answers the admin page's totals: merchants by stage, transactions and revenue share", async () => {
      const res = await call(bank, "GET", "/api/bank/merchants/overview");
      const body = res.json<MerchantOverview>();
      expect(body.merchants).toEqual({
        total: 4,
        onboarding: 1,
        pending_verification: 1,
        live: 1,
        rejected: 1,
      });
      expect(body.transactions).toBe(2);
      expect(body.revenue_share).toEqual([{ currency: "EGP", amount_cents: 500 }]);
      const rejected = (
        await call(bank, "GET", "/api/bank/merchants/overview?stage=rejected")
      ).json<MerchantOverview>();
      expect(rejected.transactions).toBe(0);
    });

    it("Pending Verification is a submitted activation application, not the first-login popup's answer", async () => {
      const db = app.payments.db;
      const own = await fx.bank();
      const session = await fx.session(await fx.user("Bank", { bankId: own.id }));
      const merchant = async (name: string) =>
        (await fx.merchant({ company_name: unique(name), bank_id: own.id, filled_business_data: true })).id;
      // The popup answered (filled_business_data), no application; the popup answered and a draft; submitted.
      const answered = await merchant("Popup answered ");
      const draft = await merchant("Draft application ");
      const submitted = await merchant("Submitted application ");
      await submittedApplication(db, draft, "draft");
      await submittedApplication(db, submitted);
      const list = async (q: string) =>
        (await call(session, "GET", `/api/bank/merchants?page_size=100${q}`)).json<{
          count: number;
          results: MerchantListItem[];
        }>();
      const stages = Object.fromEntries((await list("")).results.map((x) => [x.id, x.stage]));
      expect(stages).toEqual({
        [answered]: "onboarding",
        [draft]: "onboarding",
        [submitted]: "pending_verification",
      });
      expect((await list("&stage=onboarding")).results.map((x) => x.id).sort()).toEqual(
        [answered, draft].sort(),
      );
      expect(await list("&stage=pending_verification")).toMatchObject({
        count: 1,
        results: [{ id: submitted }],
      });
      const overview = (await call(session, "GET", "/api/bank/merchants/overview")).json<MerchantOverview>();
      expect(overview.merchants).toEqual({
        total: 3,
        onboarding: 2,
        pending_verification: 1,
        live: 0,
        rejected: 0,
      });
      const details = (await call(session, "GET", `/api/bank/merchants/${answered}`)).json<MerchantDetails>();
      expect(details.merchant).toMatchObject({ filled_business_data: true, stage: "onboarding" });

      // The wizard's Submit of the draft (the activation's own test covers the route) moves it.
      await db
        .updateTable("merchant_activations")
        .set({ status: "submitted", submitted_at: new Date() })
        .where("merchant_id", "=", draft)
        .execute();
      expect((await list("&stage=pending_verification")).results.map((x) => x.id).sort()).toEqual(
        [draft, submitted].sort(),
      );
      const after = (await call(session, "GET", "/api/bank/merchants/overview")).json<MerchantOverview>();
      expect(after.merchants).toMatchObject({ onboarding: 1, pending_verification: 2 });
      const row = (await call(session, "GET", `/api/bank/merchants/${draft}`)).json<MerchantDetails>();
      expect(row.merchant.stage).toBe("pending_verification");
    });

    it("exports the bank's merchants as a durable job (the exports' kind merchants), banks only", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const body = { kind: "merchants", status: "trx_all", date_from: "2026-01-01", date_to: "2026-01-31" };
      const created = await call(bank, "POST", "/api/exports", body);
      expect(created.statusCode).toBe(201);
      const id = created.json<{ id: number }>().id;
      await runExport(app.payments.db, app.deps.config.dataDir, id);
      const file = await call(bank, "GET", `/api/exports/${id}/download?format=csv`);
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain("Onboarding ");
      expect(file.body).toContain("Rejected ");
      const list = (await call(bank, "GET", "/api/exports")).json<{
        results: { id: number; state: string }[];
      }>();
      expect(list.results.find((e) => e.id === id)?.state).toBe("downloaded");
      // Another bank does not see it; a merchant cannot ask for it.
      expect((await call(otherBank, "GET", `/api/exports/${id}`)).statusCode).toBe(404);
      const merchant = await fx.session(await fx.user("Merchant"));
      const refused = await call(merchant, "POST", "/api/exports", {
        ...body,
        date_to: today,
        date_from: today,
      });
      expect(refused.statusCode).toBe(403);
    });

    it("refuses the back-office to merchants and to bank staff without the right", async () => {
      const merchant = await fx.session(await fx.user("Merchant"));
      expect((await call(merchant, "GET", "/api/bank/merchants")).statusCode).toBe(403);
      const staff = await fx.session(await fx.user("BankStaff", { bankId }));
      expect((await call(staff, "GET", "/api/bank/merchants")).statusCode).toBe(403);
      expect((await call(staff, "GET", "/api/bank/merchants/overview")).statusCode).toBe(403);
    });
  });

  describe("merchant details and documents", () => {
    it("shows the sections, with secret keys masked", async () => {
      const db = app.payments.db;
      await db
        .insertInto("merchant_keys")
        .values([
          {
            merchant_id: m.pending!,
            kind: "public",
            is_live: false,
            key_prefix: "egy_pk_test",
            public_value: "egy_pk_test_abc",
          },
          {
            merchant_id: m.pending!,
            kind: "secret",
            is_live: true,
            key_prefix: "egy_sk_live",
            key_hash: "x".repeat(64),
          },
        ])
        .execute();
      const res = await call(bank, "GET", `/api/bank/merchants/${m.pending}`);
      expect(res.statusCode).toBe(200);
      const d = res.json<MerchantDetails>();
      expect(d.merchant.id).toBe(m.pending);
      expect(d.documents).toHaveLength(1);
      expect(d.comments).toEqual([]);
      expect(d.keys).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: "public", value: "egy_pk_test_abc", masked: false }),
          expect.objectContaining({ kind: "secret", value: "egy_sk_live…", masked: true }),
        ]),
      );
      expect(d.allowed).toEqual(["approve", "reject", "deactivate"]);
      expect((await call(otherBank, "GET", `/api/bank/merchants/${m.pending}`)).statusCode).toBe(404);
    });

    it("serves a document with its true type and nosniff, to its bank only", async () => {
      const d = (await call(bank, "GET", `/api/bank/merchants/${m.pending}`)).json<MerchantDetails>();
      const url = `/api/bank/merchants/${m.pending}/documents/${d.documents[0]!.id}`;
      const res = await call(bank, "GET", `${url}?download=true`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-disposition"]).toContain("attachment");
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect((await call(otherBank, "GET", url)).statusCode).toBe(404);
      // The document id under another merchant of the same bank: not found.
      expect(
        (await call(bank, "GET", `/api/bank/merchants/${m.live}/documents/${d.documents[0]!.id}`)).statusCode,
      ).toBe(404);
    });

    it("serves the merchant's owner its own documents, and nobody else through that route", async () => {
      const d = (await call(bank, "GET", `/api/bank/merchants/${m.pending}`)).json<MerchantDetails>();
      const url = `/api/merchant/documents/${d.documents[0]!.id}`;
      const owner = await fx.session(await fx.user("Merchant", { merchantId: m.pending! }));
      const res = await call(owner, "GET", url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      const staff = await fx.session(
        await fx.user("MerchantStaff", { merchantId: m.pending!, permissions: ["can view transactions"] }),
      );
      expect((await call(staff, "GET", url)).statusCode).toBe(403);
      const stranger = await fx.session(await fx.user("Merchant"));
      expect((await call(stranger, "GET", url)).statusCode).toBe(404);
      expect((await call(bank, "GET", url)).statusCode).toBe(403);
    });

    it("downloads the merchant sheet", async () => {
      const res = await call(bank, "GET", `/api/bank/merchants/${m.live}/sheet`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("spreadsheetml");
      expect(res.rawPayload.subarray(0, 2).toString()).toBe("PK");
    });
  });

  describe("actions and transitions", () => {
    it("approves only with the documents received, recording who, when and why", async () => {
      const id = await merchantOf("Approve ");
      const url = `/api/bank/merchants/${id}`;
      const refused = await call(bank, "POST", `${url}/approve`, { reason: "All good" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: "can_not_activate",
        detail: BACKOFFICE_MESSAGES.cannotActivate,
      });
      expect((await call(bank, "POST", `${url}/approve`, { reason: "  " })).statusCode).toBe(400);
      const docs = await call(bank, "POST", `${url}/documents-received`, { received: true });
      expect(docs.json<MerchantDetails>().merchant.docs_received).toBe(true);
      const ok = await call(bank, "POST", `${url}/approve`, { reason: "All good" });
      expect(ok.statusCode).toBe(200);
      const d = ok.json<MerchantDetails>();
      expect(d.merchant).toMatchObject({ bank_merchant_status: "approved", is_live: true, stage: "live" });
      expect(d.merchant.live_date).not.toBeNull();
      expect(d.approvals[0]).toMatchObject({
        action: "approved",
        reason: "All good",
        from_status: "pending",
        to_status: "approved",
      });
      expect(d.approvals[0]!.user.username).toBeTruthy();
      expect(d.approvals.map((a) => a.action)).toContain("docs_received");
      // Approved: approve and reject are no longer allowed.
      const again = await call(bank, "POST", `${url}/approve`, { reason: "again" });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: "transition_refused" });
      expect((await call(bank, "POST", `${url}/reject`, { reason: "expired_nid" })).statusCode).toBe(409);
    });

    it("refuses to approve a merchant flagged suspicious", async () => {
      const id = await merchantOf("Suspect ", { docs_received: true, suspicious: "yes" });
      const res = await call(bank, "POST", `/api/bank/merchants/${id}/approve`, { reason: "ok" });
      expect(res.json()).toMatchObject({ code: "can_not_activate" });
    });

    it("rejects with a listed reason only, with the digital and cib reasons", async () => {
      const id = await merchantOf("Reject ");
      const url = `/api/bank/merchants/${id}/reject`;
      expect((await call(bank, "POST", url, { reason: "not on the list" })).statusCode).toBe(400);
      const res = await call(bank, "POST", url, {
        reason: "unclear_nid",
        digital_reason: "missing_nid",
        cib_reason: "expired_tax_card",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<MerchantDetails>().merchant).toMatchObject({
        bank_merchant_status: "rejected",
        rejection_reason: "unclear_nid",
        digital_status: "rejected",
        digital_rejection_reason: "missing_nid",
        cib_rejection_reason: "expired_tax_card",
      });
      // A rejected merchant may be approved later (pending or rejected to approved) once its documents are in.
      expect(res.json<MerchantDetails>().allowed).toEqual(["approve", "deactivate"]);
    });

    it("flags suspicious with a listed reason, and clears it", async () => {
      const id = await merchantOf("Flag ");
      const url = `/api/bank/merchants/${id}/suspicious`;
      expect((await call(bank, "POST", url, { suspicious: true })).statusCode).toBe(400);
      const res = await call(bank, "POST", url, { suspicious: true, reason: "negative_list" });
      expect(res.json<MerchantDetails>().merchant).toMatchObject({
        suspicious: "yes",
        suspicion_reason: "negative_list",
      });
      const cleared = await call(bank, "POST", url, { suspicious: false });
      expect(cleared.json<MerchantDetails>().merchant).toMatchObject({
        suspicious: "no",
        suspicion_reason: null,
      });
      expect(cleared.json<MerchantDetails>().approvals.map((a) => a.action)).toEqual([
        "not_suspicious",
        "suspicious",
      ]);
    });

    it("adds comments, newest first", async () => {
      const id = await merchantOf("Comment ");
      const url = `/api/bank/merchants/${id}/comments`;
      expect((await call(bank, "POST", url, { content: "" })).statusCode).toBe(400);
      expect((await call(bank, "POST", url, { content: "First" })).statusCode).toBe(201);
      const res = await call(bank, "POST", url, { content: "Second" });
      expect(res.json<MerchantDetails>().comments.map((c) => c.content)).toEqual(["Second", "First"]);
    });

    it("edits the bank account, the fee plan and the owner's login", async () => {
      const id = await merchantOf("Edit ");
      const owner = await fx.user("Merchant", { merchantId: id });
      const url = `/api/bank/merchants/${id}`;
      expect(
        (await call(bank, "PUT", `${url}/bank-account`, { bank_account: "not an iban" })).statusCode,
      ).toBe(400);
      const acc = await call(bank, "PUT", `${url}/bank-account`, {
        bank_account: "EG380019000500000000263180002",
      });
      expect(acc.json<MerchantDetails>().merchant.bank_account).toBe("EG380019000500000000263180002");
      expect((await call(bank, "PUT", `${url}/fee`, { fee_id: 99 })).statusCode).toBe(400);
      expect(
        (await call(bank, "PUT", `${url}/fee`, { fee_id: 3 })).json<MerchantDetails>().merchant.fee_id,
      ).toBe(3);
      const taken = await fx.user("Merchant");
      const clash = await call(bank, "PATCH", url, { username: taken.username });
      expect(clash.statusCode).toBe(400);
      expect(clash.json()).toMatchObject({
        fields: { username: ["A user with that username already exists."] },
      });
      const renamed = unique("owner_");
      const res = await call(bank, "PATCH", url, { username: renamed, settlment_merchant_number: "778899" });
      expect(res.json<MerchantDetails>().merchant).toMatchObject({
        username: renamed,
        settlment_merchant_number: "778899",
      });
      const row = await app.payments.db
        .selectFrom("users")
        .select("username")
        .where("id", "=", owner.id)
        .executeTakeFirstOrThrow();
      expect(row.username).toBe(renamed);
    });

    it("full edit: each rule of the single actions, and 'Can't activate merchant' changes nothing", async () => {
      const id = await merchantOf("Full ");
      const url = `/api/bank/merchants/${id}/full-edit`;
      const base = {
        has_bank_docs: false,
        deactivate: false,
        suspicious: "none",
        status: "pending",
        digital_status: "pending",
      };
      const cannot = await call(bank, "PUT", url, { ...base, status: "approved" });
      expect(cannot.statusCode).toBe(409);
      expect(cannot.json()).toMatchObject({ detail: "Can't activate merchant, Please contact us." });
      const flagged = await call(bank, "PUT", url, {
        ...base,
        has_bank_docs: true,
        status: "approved",
        suspicious: "yes",
        suspicion_reason: "missing_url",
      });
      expect(flagged.json()).toMatchObject({ code: "can_not_activate" });
      const unchanged = (await call(bank, "GET", `/api/bank/merchants/${id}`)).json<MerchantDetails>();
      expect(unchanged.merchant).toMatchObject({
        docs_received: false,
        suspicious: "none",
        bank_merchant_status: "pending",
      });
      expect(unchanged.approvals).toEqual([]);
      expect((await call(bank, "PUT", url, { ...base, status: "rejected" })).statusCode).toBe(400);
      const ok = await call(bank, "PUT", url, {
        ...base,
        has_bank_docs: true,
        status: "approved",
        digital_status: "approved",
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<MerchantDetails>().merchant).toMatchObject({
        bank_merchant_status: "approved",
        digital_status: "approved",
        is_live: true,
      });
      const deact = await call(bank, "PUT", url, {
        ...base,
        has_bank_docs: true,
        status: "approved",
        digital_status: "approved",
        deactivate: true,
      });
      expect(deact.json()).toMatchObject({ fields: { deactivation_reason: ["This field is required."] } });
      const off = await call(bank, "PUT", url, {
        ...base,
        has_bank_docs: true,
        status: "approved",
        digital_status: "approved",
        deactivate: true,
        deactivation_reason: "Closed",
      });
      expect(off.json<MerchantDetails>().merchant).toMatchObject({
        bank_merchant_status: "deactivated",
        deactivated: true,
      });
      // Reactivating goes back to pending (the transitions table), then the status change applies from there.
      const back = await call(bank, "PUT", url, { ...base, has_bank_docs: true, digital_status: "approved" });
      expect(back.json<MerchantDetails>().merchant).toMatchObject({
        bank_merchant_status: "pending",
        deactivated: false,
      });
    });

    it("deactivates: the merchant's users cannot sign in, sessions end, live payments are refused", async () => {
      const tm = await testMerchant(app);
      const db = app.payments.db;
      await db.updateTable("merchants").set({ bank_id: bankId }).where("id", "=", tm.merchantId).execute();
      const owner = await db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", tm.ownerId)
        .executeTakeFirstOrThrow();
      const ownerUser = { ...owner, password: "Fixture-Pa55word" } as unknown as FixtureUser;
      const session = await fx.session(ownerUser);
      const live = await app.inject({
        method: "POST",
        url: "/v1/intention/",
        headers: { authorization: `Token ${tm.keys.secretKeyLive}` },
        payload: {
          amount: 10000,
          currency: "EGP",
          payment_methods: [tm.integrations.liveCard],
          items: [{ name: "Item", amount: 10000, description: "d", quantity: 1 }],
          billing_data: BILLING,
        },
      });
      expect(live.statusCode).toBe(201);
      const liveIntention = live.json<{ payment_keys: { key: string }[] }>();
      const testIntention = await createTestIntention(app, tm);
      const res = await call(bank, "POST", `/api/bank/merchants/${tm.merchantId}/deactivate`, {
        reason: "Fraud confirmed",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<MerchantDetails>().merchant).toMatchObject({
        deactivated: true,
        deactivate_reason: "Fraud confirmed",
      });
      expect((await app.inject({ url: "/api/auth/me", headers: session.headers })).statusCode).toBe(401);
      const login = await signIn(app, owner.username, "Fixture-Pa55word", "10.9.9.1");
      expect(login.response.statusCode).toBe(403);
      expect(login.response.json()).toMatchObject({ code: "merchant_deactivated" });
      // Test mode goes on; a live payment key is refused.
      const testPay = await payCard(app, testIntention.payment_keys[0]!.key);
      expect(testPay.statusCode).toBe(200);
      const livePay = await payCard(app, liveIntention.payment_keys[0]!.key);
      expect(livePay.statusCode).toBe(403);
      expect(livePay.json()).toMatchObject({ code: "merchant_deactivated" });
      // Deactivated: only reactivation (full edit) is allowed.
      expect(res.json<MerchantDetails>().allowed).toEqual(["reactivate"]);
      expect(
        (
          await call(bank, "POST", `/api/bank/merchants/${tm.merchantId}/documents-received`, {
            received: true,
          })
        ).statusCode,
      ).toBe(409);
    });

    it("adds a merchant with branches and terminals; its owner gets the activation e-mail", async () => {
      const username = unique("newowner_");
      const body = {
        username,
        password: "Start-Pa55word",
        merchant_name: "Nile Bakery",
        phone_number: "+201001234567",
        email: `${username}@example.test`,
        city: "Cairo",
        address: "12 Tahrir St",
        national_id: "29801011234567",
        commercial_registration: "CR12345",
        settlment_type: "BankAccount",
        mcc: "5462",
        branches: [
          { branch_name: "Zamalek", branch_id: "B1", no_of_terminals: 2 },
          { branch_name: "Maadi", branch_id: "B2", no_of_terminals: 1 },
        ],
      };
      const res = await call(bank, "POST", "/api/bank/merchants", body);
      expect(res.statusCode).toBe(201);
      const d = res.json<MerchantDetails>();
      expect(d.merchant).toMatchObject({
        company_name: "Nile Bakery",
        bank_merchant_status: "pending",
        username,
        pos: 3,
      });
      expect(d.branches.map((b) => [b.branch_name, b.no_of_terminals])).toEqual([
        ["Zamalek", 2],
        ["Maadi", 1],
      ]);
      // Each terminal belongs to the branch it was made for (terminals.branch_id), which has the merchant's city
      // and address: Terminals, Branches and the branch POS revenue see them.
      const made = await app.payments.db
        .selectFrom("terminals as t")
        .leftJoin("merchant_branches as b", "b.id", "t.branch_id")
        .select(["t.branch_id", "b.branch_name", "b.branch_code", "b.city", "b.address", "b.merchant_id"])
        .where("t.merchant_id", "=", d.merchant.id)
        .orderBy("t.id")
        .execute();
      expect(made.map((t) => [t.branch_name, t.branch_code, t.city, t.address, t.merchant_id])).toEqual([
        ["Zamalek", "B1", "Cairo", "12 Tahrir St", d.merchant.id],
        ["Zamalek", "B1", "Cairo", "12 Tahrir St", d.merchant.id],
        ["Maadi", "B2", "Cairo", "12 Tahrir St", d.merchant.id],
      ]);
      expect(made.every((t) => t.branch_id !== null)).toBe(true);
      expect(d.approvals[0]).toMatchObject({ action: "created" });
      const mail = await app.payments.db
        .selectFrom("email_outbox")
        .select(["subject", "body_text"])
        .where("to_address", "=", body.email)
        .executeTakeFirstOrThrow();
      expect(mail.subject).toContain("Activate your merchant account");
      expect(mail.body_text).toContain("/reactivate?token=");
      expect((await call(bank, "POST", "/api/bank/merchants", body)).statusCode).toBe(400);
      const dupBranches = await call(bank, "POST", "/api/bank/merchants", {
        ...body,
        username: unique("o_"),
        branches: [body.branches[0], body.branches[0]],
      });
      expect(dupBranches.statusCode).toBe(400);
      expect(
        (await call(bank, "POST", "/api/bank/merchants", { ...body, username: unique("o_"), email: "x" }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe("a partner's merchants", () => {
    it("lists the partner's own merchants only, newest first, with their bank; everyone else is refused", async () => {
      const p = await fx.partner();
      const other = await fx.partner();
      const partner = await fx.session(await fx.user("Partner", { partnerId: p.id }));
      const intruder = await fx.session(await fx.user("Partner", { partnerId: other.id }));
      const first = await merchantOf("Partner first ", {
        partner_id: p.id,
        created_at: new Date("2026-02-01T10:00:00Z"),
      });
      const second = await merchantOf("Partner second ", {
        partner_id: p.id,
        bank_merchant_status: "approved",
        is_live: true,
        live_date: new Date("2026-02-03T10:00:00Z"),
        created_at: new Date("2026-02-02T10:00:00Z"),
      });
      const theirs = await merchantOf("Partner other ", { partner_id: other.id });
      const res = await call(partner, "GET", "/api/partner/merchants");
      expect(res.statusCode).toBe(200);
      const body = res.json<{ count: number; results: PartnerMerchant[] }>();
      expect(body.count).toBe(2);
      expect(body.results.map((x) => x.id)).toEqual([second, first]);
      expect(body.results[0]).toMatchObject({ stage: "live", is_live: true, bank_name: expect.any(String) });
      const ids = async (s: TestSession, q: string) =>
        (await call(s, "GET", `/api/partner/merchants?${q}`))
          .json<{ results: PartnerMerchant[] }>()
          .results.map((x) => x.id);
      expect(await ids(partner, "status=approved")).toEqual([second]);
      expect(await ids(partner, `id=${first}`)).toEqual([first]);
      // Another partner's merchant: not by listing, not by its id.
      expect(await ids(partner, `id=${theirs}`)).toEqual([]);
      expect(await ids(intruder, "")).toEqual([theirs]);
      expect(await ids(intruder, `id=${first}`)).toEqual([]);
      // Banks, merchants and terminals are not partners.
      expect((await call(bank, "GET", "/api/partner/merchants")).statusCode).toBe(403);
      const merchant = await fx.session(await fx.user("Merchant"));
      expect((await call(merchant, "GET", "/api/partner/merchants")).statusCode).toBe(403);
      expect((await call(partner, "GET", "/api/bank/merchants")).statusCode).toBe(403);
    });
  });

  describe("roles", () => {
    const staff = async (role: keyof typeof BANK_STAFF_ROLES) =>
      fx.session(await fx.user("BankStaff", { bankId, permissions: [...BANK_STAFF_ROLES[role]] }));

    it("fraud bank staff flag suspicious but do not approve; bank staff do not flag", async () => {
      const id = await merchantOf("Roles ", { docs_received: true });
      const fraud = await staff("fraud_bank_staff");
      expect(
        (await call(fraud, "POST", `/api/bank/merchants/${id}/approve`, { reason: "x" })).statusCode,
      ).toBe(403);
      expect(
        (
          await call(fraud, "POST", `/api/bank/merchants/${id}/suspicious`, {
            suspicious: true,
            reason: "missing_url",
          })
        ).statusCode,
      ).toBe(200);
      const reviewer = await staff("bank_staff");
      expect(
        (await call(reviewer, "POST", `/api/bank/merchants/${id}/suspicious`, { suspicious: false }))
          .statusCode,
      ).toBe(403);
    });

    it("digital bank staff change the digital status only", async () => {
      const id = await merchantOf("Digital ");
      const digital = await staff("digital_bank_staff");
      const base = { has_bank_docs: false, deactivate: false, suspicious: "none", status: "pending" };
      const ok = await call(digital, "PUT", `/api/bank/merchants/${id}/full-edit`, {
        ...base,
        digital_status: "rejected",
        digital_rejection_reason: "expired_nid",
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<MerchantDetails>().merchant.digital_status).toBe("rejected");
      const refused = await call(digital, "PUT", `/api/bank/merchants/${id}/full-edit`, {
        ...base,
        has_bank_docs: true,
        digital_status: "rejected",
        digital_rejection_reason: "expired_nid",
      });
      expect(refused.statusCode).toBe(403);
      const reviewer = await staff("card_bank_staff");
      const noDigital = await call(reviewer, "PUT", `/api/bank/merchants/${id}/full-edit`, {
        ...base,
        digital_status: "approved",
      });
      expect(noDigital.statusCode).toBe(403);
    });

    it("card and QR bank staff move their own product's approval, along its transitions only", async () => {
      const id = await merchantOf("Products ", { docs_received: true });
      const card = await staff("card_bank_staff");
      const qr = await staff("qr_bank_staff");
      const url = (p: "card" | "qr") => `/api/bank/merchants/${id}/${p}-approval`;
      // Each role its own product only; bank staff neither.
      expect((await call(card, "POST", url("qr"), { status: "approved" })).statusCode).toBe(403);
      expect((await call(qr, "POST", url("card"), { status: "approved" })).statusCode).toBe(403);
      const reviewer = await staff("bank_staff");
      expect((await call(reviewer, "POST", url("card"), { status: "approved" })).statusCode).toBe(403);
      // A rejection needs a reason of the merchant list.
      expect((await call(card, "POST", url("card"), { status: "rejected" })).statusCode).toBe(400);
      expect((await call(card, "POST", url("card"), { status: "rejected", reason: "nope" })).statusCode).toBe(
        400,
      );
      const rejected = await call(card, "POST", url("card"), { status: "rejected", reason: "unclear_nid" });
      expect(rejected.statusCode).toBe(200);
      const r = rejected.json<MerchantDetails>();
      expect(r.merchant).toMatchObject({
        card_approval_status: "rejected",
        card_rejection_reason: "unclear_nid",
        qr_approval_status: "pending",
        bank_merchant_status: "pending",
      });
      expect(r.approvals[0]).toMatchObject({
        action: "card_rejected",
        reason: "unclear_nid",
        from_status: "pending",
        to_status: "rejected",
        user: { username: expect.any(String) },
      });
      // rejected -> rejected is not a move.
      const again = await call(card, "POST", url("card"), { status: "rejected", reason: "expired_nid" });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ code: string }>().code).toBe("transition_refused");
      const approved = await call(card, "POST", url("card"), { status: "approved" });
      expect(approved.json<MerchantDetails>().merchant).toMatchObject({
        card_approval_status: "approved",
        card_rejection_reason: null,
      });
      expect((await call(card, "POST", url("card"), { status: "approved" })).statusCode).toBe(409);
      expect((await call(qr, "POST", url("qr"), { status: "approved" })).statusCode).toBe(200);
      // The summary shows both.
      const listed = (await call(bank, "GET", `/api/bank/merchants?id=${id}`)).json<{
        results: MerchantListItem[];
      }>().results[0];
      expect(listed).toMatchObject({ card_approval_status: "approved", qr_approval_status: "approved" });
      // Approving needs the documents received and no suspicion, like the merchant's own approval.
      const noDocs = await merchantOf("Products no docs ");
      const refused = await call(card, "POST", `/api/bank/merchants/${noDocs}/card-approval`, {
        status: "approved",
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ code: string; detail: string }>()).toMatchObject({
        code: "can_not_activate",
        detail: BACKOFFICE_MESSAGES.cannotActivate,
      });
      // Nothing moves on a deactivated merchant; another bank gets 404.
      const gone = await merchantOf("Products gone ", {
        docs_received: true,
        bank_merchant_status: "deactivated",
        deactivated: true,
      });
      const frozen = await call(qr, "POST", `/api/bank/merchants/${gone}/qr-approval`, {
        status: "approved",
      });
      expect(frozen.statusCode).toBe(409);
      expect(frozen.json<{ code: string }>().code).toBe("transition_refused");
      expect(
        (await call(otherBank, "POST", url("qr"), { status: "rejected", reason: "expired_nid" })).statusCode,
      ).toBe(404);
      const after = (await call(bank, "GET", `/api/bank/merchants/${id}`)).json<MerchantDetails>();
      expect(after.merchant.qr_approval_status).toBe("approved");
    });

    it("another bank can neither read nor act on the merchant", async () => {
      const id = await merchantOf("Private ", { docs_received: true });
      for (const [method, path, payload] of [
        ["POST", "approve", { reason: "x" }],
        ["POST", "reject", { reason: "expired_nid" }],
        ["POST", "deactivate", { reason: "x" }],
        ["POST", "comments", { content: "x" }],
        ["PUT", "fee", { fee_id: 1 }],
      ] as const) {
        const res = await call(otherBank, method, `/api/bank/merchants/${id}/${path}`, payload);
        expect(res.statusCode, path).toBe(404);
      }
      const still = (await call(bank, "GET", `/api/bank/merchants/${id}`)).json<MerchantDetails>();
      expect(still.approvals).toEqual([]);
      expect(still.comments).toEqual([]);
    });
  });
});
