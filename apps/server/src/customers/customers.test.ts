import { CUSTOMER_MESSAGES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  BILLING,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession, unique } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { settleCustomerActivity } from "./customers.repository.ts";

describeEachDatabase("customers: derived from payments, list, details, edit and scope", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;
  let staff: TestSession;
  let staffWithout: TestSession;
  let terminal: TestSession;
  let bank: TestSession;
  let other: TestSession;
  let otherMerchantId: number;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    m = await testMerchant(app);
    owner = await fx.session({ id: m.ownerId });
    staff = await fx.session(
      await fx.user("MerchantStaff", { merchantId: m.merchantId, permissions: ["can view customers"] }),
    );
    staffWithout = await fx.session(
      await fx.user("MerchantStaff", { merchantId: m.merchantId, permissions: ["can view transactions"] }),
    );
    terminal = await fx.session(await fx.user("Terminal", { merchantId: m.merchantId }));
    bank = await fx.session(await fx.user("Bank"));
    const otherUser = await fx.user("Merchant");
    otherMerchantId = otherUser.merchant_id!;
    other = await fx.session(otherUser);
  });
  afterAll(() => app.close());

  const db = () => app.payments.db;
  const call = (s: TestSession, url: string) => app.inject({ url, headers: s.headers });
  const put = (s: TestSession, id: number, payload: object) =>
    app.inject({ method: "PUT", url: `/api/customers/${id}`, headers: s.headers, payload });
  const customerOf = async (transactionId: number) =>
    (
      await db()
        .selectFrom("transactions")
        .select("customer_id")
        .where("id", "=", transactionId)
        .executeTakeFirstOrThrow()
    ).customer_id;
  /** The customer's row as read after the queued totals are folded (migration 0053), as every reader does. */
  const customer = async (id: number) => {
    await settleCustomerActivity(db());
    return db().selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  };
  /** The customer's totals as a plain recount of its transactions. */
  const recount = async (id: number) => {
    const list = await db()
      .selectFrom("transactions")
      .select(["created_at", "card_last4"])
      .where("customer_id", "=", id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return {
      total_transactions: list.length,
      last_transaction_at: list[0] ? new Date(list[0].created_at).toISOString() : null,
      card_last4: list.find((t) => t.card_last4 !== null)?.card_last4 ?? null,
    };
  };
  const totals = async (id: number) => {
    const c = await customer(id);
    return {
      total_transactions: c.total_transactions,
      last_transaction_at: c.last_transaction_at ? new Date(c.last_transaction_at).toISOString() : null,
      card_last4: c.card_last4,
    };
  };

  it("makes a customer of a card payment and keeps it in step as payments arrive", async () => {
    const email = `${unique("buyer")}@example.com`;
    const billing = { billing_data: { ...BILLING, first_name: "Salma", last_name: "Fathy", email } };
    const first = await paymentTokenFor(app, m, m.integrations.card, billing);
    const paid = (await payCard(app, first.token)).json();
    expect(paid.transaction.success).toBe(true);
    const id = (await customerOf(paid.transaction.id))!;
    expect(id).not.toBeNull();
    const c = await customer(id);
    expect(c).toMatchObject({
      merchant_id: m.merchantId,
      name: "Salma Fathy",
      email,
      phone: BILLING.phone_number,
      total_transactions: 1,
      card_last4: "2346",
    });
    // The full card number is stored nowhere on the customer.
    expect(JSON.stringify(c)).not.toContain("5123456789012346");

    // A declined payment with the same e-mail in other letter case is the same customer's transaction too.
    const upper = { billing_data: { ...billing.billing_data, email: email.toUpperCase() } };
    const second = await paymentTokenFor(app, m, m.integrations.card, upper);
    const declined = (await payCard(app, second.token, { pan: "4000000000000002" })).json();
    expect(declined.transaction.success).toBe(false);
    expect(await customerOf(declined.transaction.id)).toBe(id);
    expect(await totals(id)).toEqual(await recount(id));
    expect((await customer(id)).total_transactions).toBe(2);
    expect((await customer(id)).card_last4).toBe("0002");

    // The list shows it first (the latest to pay) with its totals and the masked card ending.
    const list = (await call(owner, "/api/customers")).json();
    expect(list.results[0]).toMatchObject({
      id,
      name: "Salma Fathy",
      email,
      total_transactions: 2,
      card_last4: "0002",
    });
    expect(JSON.stringify(list)).not.toContain("5123456789012346");
    expect(JSON.stringify(list)).not.toContain("4000000000000002");
  });

  it("matches by phone when the billing data has no usable e-mail, and skips payments without either", async () => {
    const phone = `+2010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const a = await rows(db()).payment(m.merchantId, {
      customer_email: "NA",
      customer_phone: phone,
      customer_name: "Karim Nabil",
    });
    const b = await rows(db()).payment(m.merchantId, {
      customer_email: null,
      customer_phone: phone,
      customer_name: "K N",
    });
    const id = (await customerOf(a.id))!;
    expect(await customerOf(b.id)).toBe(id);
    expect(await customer(id)).toMatchObject({
      name: "Karim Nabil",
      email: null,
      phone,
      total_transactions: 2,
    });
    const anonymous = await rows(db()).payment(m.merchantId, { customer_email: null, customer_phone: "12" });
    expect(await customerOf(anonymous.id)).toBeNull();
  });

  it("counts refunds with their payment, and recounts when a transaction moves or is deleted", async () => {
    const email = `${unique("mover")}@example.com`;
    const p = await rows(db()).payment(m.merchantId, { customer_email: email, customer_name: "Mover One" });
    const id = (await customerOf(p.id))!;
    const refund = await rows(db()).payment(m.merchantId, {
      parent_transaction_id: p.id,
      customer_id: id,
      trnx_type: "refund",
      created_at: new Date(Date.now() + 60_000),
    });
    expect(await totals(id)).toEqual(await recount(id));
    expect((await customer(id)).total_transactions).toBe(2);
    const q = await rows(db()).payment(m.merchantId, {
      customer_email: `x${email}`,
      customer_name: "Mover Two",
    });
    const other = (await customerOf(q.id))!;
    await db().updateTable("transactions").set({ customer_id: other }).where("id", "=", refund.id).execute();
    expect(await totals(id)).toEqual(await recount(id));
    expect(await totals(other)).toEqual(await recount(other));
    await db().deleteFrom("transactions").where("id", "=", refund.id).execute();
    expect(await totals(other)).toEqual(await recount(other));
    expect((await customer(other)).total_transactions).toBe(1);
  });

  it("links and recounts set-based what was written without the trigger (customers_rebuild)", async () => {
    const email = `${unique("rebuild")}@example.com`;
    await sql`alter table transactions disable trigger customers_link`.execute(db());
    let ids: number[];
    try {
      const a = await rows(db()).payment(m.merchantId, {
        customer_email: email,
        customer_name: "Rania Tawfik",
      });
      const b = await rows(db()).payment(m.merchantId, {
        customer_email: email.toUpperCase(),
        card_last4: "4242",
        created_at: new Date(Date.now() + 1000),
      });
      const refund = await rows(db()).payment(m.merchantId, {
        parent_transaction_id: a.id,
        trnx_type: "refund",
      });
      ids = [a.id, b.id, refund.id];
    } finally {
      await sql`alter table transactions enable trigger customers_link`.execute(db());
    }
    for (const id of ids) expect(await customerOf(id)).toBeNull();
    await sql`select customers_rebuild(${m.merchantId}::bigint)`.execute(db());
    const id = (await customerOf(ids[0]!))!;
    for (const t of ids) expect(await customerOf(t)).toBe(id);
    expect(await customer(id)).toMatchObject({ name: "Rania Tawfik", email, total_transactions: 3 });
    expect(await totals(id)).toEqual(await recount(id));
    // Run again: nothing changes.
    await sql`select customers_rebuild(${m.merchantId}::bigint)`.execute(db());
    expect(await totals(id)).toEqual(await recount(id));
  });

  it("searches by the start of name, e-mail or phone, with paging", async () => {
    const tag = unique("zq")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    for (let i = 0; i < 3; i++)
      await rows(db()).payment(m.merchantId, {
        customer_email: `${tag}${i}@example.com`,
        customer_name: `Nour ${tag}`,
        customer_phone: null,
      });
    const byEmail = (await call(owner, `/api/customers?search=${tag.toUpperCase()}&page_size=2`)).json();
    expect(byEmail.count).toBe(3);
    expect(byEmail.count_capped).toBe(false);
    expect(byEmail.results).toHaveLength(2);
    const page2 = (await call(owner, `/api/customers?search=${tag}&page_size=2&page=2`)).json();
    expect(page2.results).toHaveLength(1);
    const ids = new Set([...byEmail.results, ...page2.results].map((r: { id: number }) => r.id));
    expect(ids.size).toBe(3);
    const byName = (await call(owner, `/api/customers?search=${encodeURIComponent(`nour ${tag}`)}`)).json();
    expect(byName.count).toBe(3);
    const none = (await call(owner, `/api/customers?search=${tag}zzz`)).json();
    expect(none).toMatchObject({ count: 0, results: [] });
    // Wildcards are text, not patterns.
    expect((await call(owner, "/api/customers?search=%25")).json().count).toBe(0);
    const phone = "+201077788899";
    const p = await rows(db()).payment(m.merchantId, { customer_email: null, customer_phone: phone });
    const byPhone = (await call(owner, `/api/customers?search=${encodeURIComponent("+20 1077788")}`)).json();
    expect(byPhone.results.map((r: { id: number }) => r.id)).toContain(await customerOf(p.id));
    expect((await call(owner, "/api/customers?page_size=500")).statusCode).toBe(400);
    // A search stops counting at 1,000 and says so.
    const many = unique("capped")
      .toLowerCase()
      .replace(/[^a-z]/g, "");
    await sql`insert into customers (merchant_id, name, email)
      select ${m.merchantId}, ${`${many} `} || g, ${many} || g || '@example.com'
      from generate_series(1, 1001) g`.execute(db());
    const capped = (await call(owner, `/api/customers?search=${many}`)).json();
    expect(capped).toMatchObject({ count: 1000, count_capped: true });
    expect(capped.results).toHaveLength(10);
  });

  it("shows a customer's details, saved cards and transactions (both modes), newest first", async () => {
    const email = `${unique("detail")}@example.com`;
    const old = await rows(db()).payment(m.merchantId, {
      customer_email: email,
      customer_name: "Huda Samir",
      created_at: new Date(Date.now() - 86_400_000),
    });
    const id = (await customerOf(old.id))!;
    const test = await rows(db()).payment(m.merchantId, { customer_email: email, is_live: false });
    await db()
      .insertInto("card_tokens")
      .values({
        merchant_id: m.merchantId,
        is_live: true,
        token_hash: unique("hash"),
        token_enc: "x",
        masked_pan: "xxxx-xxxx-xxxx-2346",
        card_first6: "512345",
        card_last4: "2346",
        card_subtype: "MasterCard",
        email: email.toUpperCase(),
      })
      .execute();
    const details = (await call(owner, `/api/customers/${id}`)).json();
    expect(details).toMatchObject({ id, name: "Huda Samir", email, total_transactions: 2 });
    expect(details.saved_cards).toEqual([expect.objectContaining({ masked_pan: "xxxx-xxxx-xxxx-2346" })]);
    const tx = (await call(owner, `/api/customers/${id}/transactions`)).json();
    expect(tx.count).toBe(2);
    expect(tx.results.map((t: { id: number }) => t.id)).toEqual([test.id, old.id]);
    expect(tx.results[0].is_live).toBe(false);
    expect((await call(staff, `/api/customers/${id}`)).statusCode).toBe(200);
  });

  it("edits name, e-mail and phone with the spec's messages, all or nothing", async () => {
    const email = `${unique("edit")}@example.com`;
    const p = await rows(db()).payment(m.merchantId, { customer_email: email, customer_name: "Old Name" });
    const id = (await customerOf(p.id))!;
    const bad = await put(owner, id, { name: "<b>x</b>", email: "not-an-email", phone: "12" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      name: [CUSTOMER_MESSAGES.htmlTags],
      email: [CUSTOMER_MESSAGES.email],
      phone: [CUSTOMER_MESSAGES.phone],
    });
    expect((await put(owner, id, { name: "", email, phone: "" })).json().fields).toEqual({
      name: ["This field is required."],
    });
    expect((await put(owner, id, { name: "Single", email })).json().fields).toEqual({
      name: ["Please enter your full name."],
    });
    expect((await put(owner, id, { name: "Two Words", email: "", phone: "" })).json().fields).toEqual({
      email: [CUSTOMER_MESSAGES.contact],
    });
    expect((await customer(id)).name).toBe("Old Name");

    const newEmail = `${unique("new")}@example.com`;
    const ok = await put(owner, id, {
      name: "سارة أحمد",
      email: newEmail.toUpperCase(),
      phone: "٠١٠٠١٢٣٤٥٦٧",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: "سارة أحمد", email: newEmail, phone: "01001234567" });
    expect((await customer(id)).updated_at).not.toBeNull();
    // The next payment with the new e-mail is this customer's.
    const next = await rows(db()).payment(m.merchantId, { customer_email: newEmail });
    expect(await customerOf(next.id)).toBe(id);

    // Another customer's e-mail or phone is refused, and nothing is written.
    const q = await rows(db()).payment(m.merchantId, {
      customer_email: `${unique("taken")}@example.com`,
      customer_phone: "+201099988877",
    });
    const otherId = (await customerOf(q.id))!;
    const taken = await put(owner, otherId, { name: "Taken Name", email: newEmail, phone: "+201099988877" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "customer_email_taken",
      fields: { email: [CUSTOMER_MESSAGES.emailTaken] },
    });
    const phoneTaken = await put(owner, otherId, { name: "Taken Name", email: null, phone: "01001234567" });
    expect(phoneTaken.json()).toMatchObject({ code: "customer_phone_taken" });
    expect((await customer(otherId)).name).not.toBe("Taken Name");
    expect((await put(staff, id, { name: "Staff Edit", email: newEmail })).statusCode).toBe(200);
  });

  it("keeps each merchant's customers to itself and refuses users without the permission", async () => {
    const secret = unique("Secret Person ").replace(/\d/g, "x");
    const p = await rows(db()).payment(m.merchantId, {
      customer_email: `${unique("scope")}@example.com`,
      customer_name: secret,
    });
    const id = (await customerOf(p.id))!;
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/customers/${id}` },
      owner,
      intruder: other,
      secrets: [secret],
    });
    // The transactions carry no name: another merchant gets no answer at all.
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/customers/${id}/transactions` },
      owner,
      intruder: other,
      secrets: [String(p.id)],
      mustDeny: true,
    });
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/customers/${id}`, method: "PUT", payload: { name: secret, email: "a@b.co" } },
      owner,
      intruder: other,
      secrets: [secret],
      mustDeny: true,
    });
    expect((await call(other, "/api/customers")).body).not.toContain(secret);
    // The other merchant's own payments make its own customer, even with the same e-mail.
    const same = await rows(db()).payment(otherMerchantId, { customer_email: "a@b.co" });
    expect(await customerOf(same.id)).not.toBe(id);
    for (const s of [staffWithout, terminal, bank]) {
      expect((await call(s, "/api/customers")).statusCode).toBe(403);
      expect((await call(s, `/api/customers/${id}`)).statusCode).toBe(403);
      expect((await put(s, id, { name: "No Way", email: "a@b.co" })).statusCode).toBe(403);
    }
    expect((await customer(id)).name).toBe(secret);
  });
});
