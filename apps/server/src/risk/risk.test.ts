import { RISK_DECLINE_MESSAGES, RISK_MESSAGES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  BILLING,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";

/** The risk center's routes and the payment core's enforcement of every rule and list (docs/pos-risk.md "Risk"). */
describeEachDatabase("risk center: rules, lists, audit and enforcement before the acquirer", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;
  let viewer: TestSession;
  let other: TestSession;
  let otherMerchant: TestMerchant;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    m = await testMerchant(app);
    owner = await fx.session({ id: m.ownerId });
    viewer = await fx.session(
      await fx.user("MerchantStaff", { merchantId: m.merchantId, permissions: ["can view transactions"] }),
    );
    otherMerchant = await testMerchant(app);
    other = await fx.session({ id: otherMerchant.ownerId });
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  const db = () => app.payments.db;
  const call = (s: TestSession, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: s.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const flag = async (merchantId = m.merchantId) =>
    (
      await db()
        .selectFrom("merchants")
        .select("risk_active")
        .where("id", "=", merchantId)
        .executeTakeFirstOrThrow()
    ).risk_active;
  const addEntry = async (list: "black" | "white", kind: string, value: string, s = owner) => {
    const r = await call(s, "POST", "/api/risk/entries", { list, kind, value });
    expect(r.statusCode, r.body).toBe(201);
    return r.json<{ id: number; label: string }>();
  };
  const addRule = async (rule: Record<string, unknown>, s = owner) => {
    const r = await call(s, "POST", "/api/risk/rules", rule);
    expect(r.statusCode, r.body).toBe(201);
    return r.json<{ id: number }>();
  };
  const clear = async () => {
    await db().deleteFrom("risk_counters").execute();
    await db().deleteFrom("risk_rules").where("merchant_id", "=", m.merchantId).execute();
    await db().deleteFrom("risk_list_entries").where("merchant_id", "=", m.merchantId).execute();
    await db().updateTable("merchants").set({ risk_active: true }).where("id", "=", m.merchantId).execute();
  };
  /** A card payment through the hosted checkout: its answer and its transaction row. */
  const pay = async (
    o: {
      pan?: string;
      amount?: number;
      currency?: string;
      integration?: number;
      email?: string;
      ip?: string;
    } = {},
  ) => {
    const { token } = await paymentTokenFor(app, m, o.integration ?? m.integrations.card, {
      amount: o.amount ?? 10000,
      ...(o.currency ? { currency: o.currency } : {}),
      items: [],
      billing_data: { ...BILLING, email: o.email ?? BILLING.email },
    });
    const r = await app.inject({
      method: "POST",
      url: "/api/checkout/card",
      remoteAddress: o.ip ?? "127.0.0.1",
      payload: {
        payment_token: token,
        card_holder: "Test Account",
        pan: o.pan ?? "5123456789012346",
        expiry_month: 1,
        expiry_year: 39,
        cvv: "123",
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<{
      transaction: { id: number; success: boolean; message: string; txn_response_code: string };
    }>();
    const row = await db()
      .selectFrom("transactions")
      .selectAll()
      .where("id", "=", body.transaction.id)
      .executeTakeFirstOrThrow();
    return { answer: body.transaction, row };
  };
  const declinedBy = (p: Awaited<ReturnType<typeof pay>>, code: keyof typeof RISK_DECLINE_MESSAGES) => {
    expect(p.answer.success).toBe(false);
    expect(p.answer.message).toBe(RISK_DECLINE_MESSAGES[code]);
    expect(p.answer.txn_response_code).toBe("DECLINED");
    expect(p.row.status).toBe("declined");
    expect(p.row.failure_reason).toBe(RISK_DECLINE_MESSAGES[code]);
    expect(p.row.acq_response_code).toBe("59");
    expect((p.row.data as { risk?: { code?: string } }).risk?.code).toBe(code);
  };

  it("a merchant without rules has the flag off and pays as before", async () => {
    expect(await flag()).toBe(false);
    const p = await pay();
    expect(p.answer.success).toBe(true);
  });

  it("a blacklisted card is declined before the acquirer with the reason in its details and the API answer", async () => {
    const entry = await addEntry("black", "card", "4111 1111 1111 1111");
    expect(entry.label).toBe("411111******1111");
    expect(await flag()).toBe(true);
    const stored = await db()
      .selectFrom("risk_list_entries")
      .selectAll()
      .where("id", "=", entry.id)
      .executeTakeFirstOrThrow();
    expect(stored.value_key).not.toContain("4111111111111111");
    expect(JSON.stringify(stored)).not.toContain("4111111111111111");
    expect(stored).toMatchObject({ card_first6: "411111", card_last4: "1111" });
    declinedBy(await pay({ pan: "4111111111111111" }), "blacklist_card");
    // Another card of the same first 6 and last 4 is not this card.
    expect((await pay({ pan: "5123456789012346" })).answer.success).toBe(true);
    // The transaction's details show the reason.
    const details = await call(
      owner,
      "GET",
      `/api/transactions/${(await pay({ pan: "4111111111111111" })).row.id}`,
    );
    expect(details.statusCode, details.body).toBe(200);
    expect(details.body).toContain(RISK_DECLINE_MESSAGES.blacklist_card);
    await clear();
  });

  it("e-mail, phone and IP ranges (IPv4 and IPv6) on the blacklist decline; a removed entry no longer does", async () => {
    const email = await addEntry("black", "email", "Fraud@Example.com");
    declinedBy(await pay({ email: "fraud@example.com" }), "blacklist_email");
    await addEntry("black", "ip", "203.0.113.77/24");
    declinedBy(await pay({ ip: "203.0.113.9" }), "blacklist_ip");
    expect((await pay({ ip: "203.0.114.9" })).answer.success).toBe(true);
    await addEntry("black", "ip", "2001:db8:abcd::/48");
    declinedBy(await pay({ ip: "2001:db8:abcd:12::1" }), "blacklist_ip");
    expect((await pay({ ip: "2001:db8:abce::1" })).answer.success).toBe(true);
    const del = await call(owner, "DELETE", `/api/risk/entries/${email.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await pay({ email: "fraud@example.com" })).answer.success).toBe(true);
    await addEntry("black", "phone", BILLING.phone_number);
    declinedBy(await pay(), "blacklist_phone");
    await clear();
  });

  it("maximum and minimum amount per payment apply in their own currency only", async () => {
    await addRule({ kind: "max_amount", currency: "EGP", amount_cents: 50000 });
    await addRule({ kind: "min_amount", currency: "EGP", amount_cents: 500 });
    declinedBy(await pay({ amount: 50001 }), "max_amount");
    expect((await pay({ amount: 50000 })).answer.success).toBe(true);
    declinedBy(await pay({ amount: 499 }), "min_amount");
    expect((await pay({ amount: 500 })).answer.success).toBe(true);
    await clear();
  });

  it("allowed card-issuing countries decline other countries' cards", async () => {
    await addRule({ kind: "countries", countries: ["us"] });
    const p = await pay({ pan: "5123456789012346" });
    declinedBy(p, "countries");
    expect((p.row.data as { risk: { issuing_country: string } }).risk.issuing_country).toBe("EG");
    expect((await pay({ pan: "4111111111111111" })).answer.success).toBe(true);
    await clear();
  });

  it("3-D Secure required above an amount declines a moto payment above it, not a 3-D Secure one", async () => {
    await addRule({ kind: "three_ds", currency: "EGP", amount_cents: 20000 });
    declinedBy(await pay({ integration: m.integrations.moto, amount: 20001 }), "three_ds");
    expect((await pay({ integration: m.integrations.moto, amount: 20000 })).answer.success).toBe(true);
    expect((await pay({ integration: m.integrations.card, amount: 30000 })).answer.success).toBe(true);
    await clear();
  });

  it("velocity: payments per e-mail and amount per card within the window", async () => {
    await addRule({ kind: "velocity", subject: "email", max_payments: 2, window_seconds: 3600 });
    const email = "burst@example.com";
    expect((await pay({ email })).answer.success).toBe(true);
    expect((await pay({ email })).answer.success).toBe(true);
    declinedBy(await pay({ email }), "velocity");
    expect((await pay({ email: "calm@example.com" })).answer.success).toBe(true);
    await clear();
    // An edited rule counts from zero (its counters go with the edit); a deleted one counts no more.
    const rule = { kind: "velocity", subject: "email", max_payments: 1, window_seconds: 3600 };
    const { id } = await addRule(rule);
    expect((await pay({ email })).answer.success).toBe(true);
    declinedBy(await pay({ email }), "velocity");
    const edited = await call(owner, "PUT", `/api/risk/rules/${id}`, rule);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await pay({ email })).answer.success).toBe(true);
    declinedBy(await pay({ email }), "velocity");
    const removed = await call(owner, "DELETE", `/api/risk/rules/${id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await pay({ email })).answer.success).toBe(true);
    await clear();
    await addRule({
      kind: "velocity",
      subject: "card",
      amount_cents: 25000,
      currency: "EGP",
      window_seconds: 600,
    });
    expect((await pay({ amount: 20000 })).answer.success).toBe(true);
    declinedBy(await pay({ amount: 6000 }), "velocity");
    expect((await pay({ amount: 5000 })).answer.success).toBe(true);
    await clear();
  });

  it("a whitelisted entry passes the rules; the blacklist still wins over it", async () => {
    await addRule({ kind: "max_amount", currency: "EGP", amount_cents: 1000 });
    await addEntry("white", "email", "vip@example.com");
    expect((await pay({ email: "vip@example.com", amount: 90000 })).answer.success).toBe(true);
    declinedBy(await pay({ amount: 90000 }), "max_amount");
    await addEntry("black", "card", "5123456789012346");
    declinedBy(await pay({ email: "vip@example.com" }), "blacklist_card");
    await clear();
  });

  it("wallet and saved-card payments are checked too", async () => {
    await addEntry("black", "phone", "01010101010");
    const { token } = await paymentTokenFor(app, m, m.integrations.wallet);
    const r = await app.inject({
      method: "POST",
      url: "/api/acceptance/payments/pay",
      payload: { source: { identifier: "01010101010", subtype: "WALLET" }, payment_token: token },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      success: false,
      pending: false,
      data: { message: RISK_DECLINE_MESSAGES.blacklist_phone, txn_response_code: "DECLINED" },
    });
    await clear();
  });

  it("terminal, kiosk and cash payments are checked too, with the same decline", async () => {
    // A terminal of the merchant, paying with its own key (the card-present API).
    const branch = await call(owner, "POST", "/api/branches", {
      branch_name: "Risk branch",
      branch_id: `RISK-${Date.now()}`,
      city: "Cairo",
      address: "1 Nile Street",
    });
    expect(branch.statusCode, branch.body).toBe(201);
    const terminal = await call(owner, "POST", "/api/terminals", { branch: branch.json().id });
    expect(terminal.statusCode, terminal.body).toBe(201);
    const key = terminal.json<{ keys: { test_key: string } }>().keys.test_key;
    const atTill = async (pan: string, amount = 5000) => {
      const r = await app.inject({
        method: "POST",
        url: "/api/terminal/payments",
        headers: { authorization: `Terminal ${key}` },
        payload: { amount_cents: amount, card: { pan, expiry_month: 12, expiry_year: 2039 } },
      });
      expect(r.statusCode, r.body).toBe(200);
      const answer = r.json<{ id: number; success: boolean; message: string; txn_response_code: string }>();
      const row = await db()
        .selectFrom("transactions")
        .selectAll()
        .where("id", "=", answer.id)
        .executeTakeFirstOrThrow();
      return { answer, row };
    };
    await addEntry("black", "card", "4111111111111111");
    declinedBy(await atTill("4111111111111111"), "blacklist_card");
    expect((await atTill("5123456789012346")).answer.success).toBe(true);
    // A velocity rule counts the till's payments of one card like any other.
    await clear();
    await addRule({ kind: "velocity", subject: "card", max_payments: 1, window_seconds: 3600 });
    expect((await atTill("5123456789012346")).answer.success).toBe(true);
    declinedBy(await atTill("5123456789012346"), "velocity");
    await clear();

    // Kiosk and cash: the customer's phone (billing data) blacklisted; no bill reference, no pending collection.
    await addEntry("black", "phone", BILLING.phone_number);
    const sourcePay = async (integration: number, subtype: string) => {
      const { token } = await paymentTokenFor(app, m, integration);
      const r = await app.inject({
        method: "POST",
        url: "/api/acceptance/payments/pay",
        payload: { source: { identifier: subtype.toLowerCase(), subtype }, payment_token: token },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    for (const [integration, subtype] of [
      [m.integrations.kiosk, "AGGREGATOR"],
      [m.integrations.cash, "CASH"],
    ] as const) {
      const answer = await sourcePay(integration, subtype);
      expect(answer, subtype).toMatchObject({
        success: false,
        pending: false,
        data: { message: RISK_DECLINE_MESSAGES.blacklist_phone, txn_response_code: "DECLINED" },
      });
      expect(answer.cash_reference).toBeUndefined();
      const row = await db()
        .selectFrom("transactions")
        .selectAll()
        .where("id", "=", answer.id)
        .executeTakeFirstOrThrow();
      declinedBy(
        { answer: { ...answer, message: answer.data.message, txn_response_code: "DECLINED" }, row },
        "blacklist_phone",
      );
      expect((row.data as { bill_reference?: string }).bill_reference).toBeUndefined();
    }
    // The hosted checkout's kiosk page gets no reference either, but the reason's code.
    const kiosk = await paymentTokenFor(app, m, m.integrations.kiosk);
    const ref = await app.inject({
      method: "POST",
      url: "/api/checkout/kiosk",
      payload: { payment_token: kiosk.token },
    });
    expect(ref.statusCode, ref.body).toBe(409);
    expect(ref.json()).toMatchObject({
      code: "risk_declined",
      detail: RISK_DECLINE_MESSAGES.blacklist_phone,
    });
    // A customer off the list still gets a pending cash payment to collect.
    await clear();
    const cash = await sourcePay(m.integrations.cash, "CASH");
    expect(cash).toMatchObject({ pending: true, cash_reference: cash.id });
    await clear();
  });

  it("every change is audited with who and when; the flag follows the rows", async () => {
    await clear();
    await db().updateTable("merchants").set({ risk_active: false }).where("id", "=", m.merchantId).execute();
    const rule = await addRule({ kind: "max_amount", currency: "EGP", amount_cents: 1000, note: "test" });
    expect(await flag()).toBe(true);
    const put = await call(owner, "PUT", `/api/risk/rules/${rule.id}`, {
      kind: "max_amount",
      currency: "EGP",
      amount_cents: 2000,
      is_active: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ amount_cents: 2000, is_active: false });
    expect(await flag()).toBe(false);
    expect((await call(owner, "DELETE", `/api/risk/rules/${rule.id}`)).statusCode).toBe(200);
    const audit = await call(viewer, "GET", "/api/risk/audit?page_size=3");
    expect(audit.statusCode, audit.body).toBe(200);
    const results = audit.json<{
      results: { action: string; target: string; user_email: string; created_at: string }[];
    }>().results;
    expect(results.map((a) => a.action)).toEqual(["deleted", "updated", "created"]);
    expect(results.every((a) => a.target === "rule" && a.user_email.length > 0 && a.created_at)).toBe(true);
  });

  it("refuses bad input with the field's message, a duplicate with 409, and changes without the permission", async () => {
    const bad = async (body: Record<string, unknown>, field: string, message: string) => {
      const r = await call(owner, "POST", body.list ? "/api/risk/entries" : "/api/risk/rules", body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().fields[field]).toContain(message);
    };
    await bad({ list: "black", kind: "ip", value: "10.0.0.0/33" }, "value", RISK_MESSAGES.ip);
    await bad({ list: "black", kind: "ip", value: "2001:db8::g/32" }, "value", RISK_MESSAGES.ip);
    await bad({ list: "black", kind: "card", value: "4111111111111112" }, "value", RISK_MESSAGES.card);
    await bad({ list: "white", kind: "email", value: "nope" }, "value", RISK_MESSAGES.email);
    await bad({ kind: "max_amount", amount_cents: 10 }, "currency", RISK_MESSAGES.currency);
    await bad(
      { kind: "velocity", subject: "card", window_seconds: 10, max_payments: 1 },
      "window_seconds",
      RISK_MESSAGES.window,
    );
    await bad(
      { kind: "velocity", subject: "card", window_seconds: 600 },
      "max_payments",
      RISK_MESSAGES.velocityLimit,
    );
    await bad({ kind: "countries", countries: ["EGY"] }, "countries.0", RISK_MESSAGES.countries);
    await addEntry("black", "ip", "198.51.100.0/24");
    const dup = await call(owner, "POST", "/api/risk/entries", {
      list: "black",
      kind: "ip",
      value: "198.51.100.5/24",
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(RISK_MESSAGES.duplicate);
    const denied = await call(viewer, "POST", "/api/risk/entries", {
      list: "black",
      kind: "ip",
      value: "192.0.2.1",
    });
    expect(denied.statusCode).toBe(403);
    expect((await call(viewer, "GET", "/api/risk/entries?list=black")).statusCode).toBe(200);
    await clear();
  });

  it("another merchant neither sees nor changes the entries, and its payments are not affected", async () => {
    const entry = await addEntry("black", "email", BILLING.email);
    const list = await call(other, "GET", "/api/risk/entries?list=black");
    expect(list.json().count).toBe(0);
    expect((await call(other, "DELETE", `/api/risk/entries/${entry.id}`)).statusCode).toBe(404);
    const { token } = await paymentTokenFor(app, otherMerchant, otherMerchant.integrations.card);
    expect((await payCard(app, token)).json().transaction.success).toBe(true);
    await clear();
  });

  it("the provider's proxy path lists, adds and removes in its envelope", async () => {
    const send = (s: TestSession, payload: Record<string, unknown>) =>
      call(s, "POST", "/api/ecommerce/risk-center-proxy/send", payload);
    const added = await send(owner, {
      endpoint: "blacklist",
      method: "POST",
      data: { kind: "email", value: "x@example.com" },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      success: true,
      status: 201,
      data: { list: "black", label: "x@example.com" },
    });
    const listed = await send(viewer, { endpoint: "blacklist" });
    expect(listed.json()).toMatchObject({ success: true, status: 200, data: { count: 1 } });
    const refused = await send(viewer, { endpoint: "blacklist", method: "DELETE", id: added.json().data.id });
    expect(refused.json()).toMatchObject({ success: false, status: 403 });
    const invalid = await send(owner, { endpoint: "rules", method: "POST", data: { kind: "max_amount" } });
    expect(invalid.json()).toMatchObject({ success: false, status: 400, data: { code: "validation" } });
    const removed = await send(owner, { endpoint: "blacklist", method: "DELETE", id: added.json().data.id });
    expect(removed.json()).toMatchObject({ success: true, status: 200 });
    const rules = await send(owner, { endpoint: "rules" });
    expect(rules.json()).toMatchObject({ success: true, data: { results: [] } });
    await clear();
  });
});
