import { POS_MESSAGES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession, unique } from "../test/fixtures.ts";

const APPROVED = "5123456789012346";
const DECLINED = "4000000000000002";

describeEachDatabase("point of sale: branches, terminals and the terminal API", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let merchantId: number;
  let staff: TestSession;
  let otherOwner: TestSession;
  let bank: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    const o = await fx.user("Merchant");
    merchantId = o.merchant_id!;
    owner = await fx.session(o);
    staff = await fx.session(
      await fx.user("MerchantStaff", { merchantId, permissions: ["can view terminals"] }),
    );
    otherOwner = await fx.session(await fx.user("Merchant"));
    bank = await fx.session(await fx.user("Bank"));
  });
  afterAll(() => app.close());

  const send = (s: TestSession, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });
  const branchBody = (o: Record<string, unknown> = {}) => ({
    branch_name: "Zamalek",
    branch_id: unique("ZAM-"),
    city: "Cairo",
    address: "26 July Street",
    ...o,
  });
  const addBranch = async (s: TestSession, o: Record<string, unknown> = {}) => {
    const res = await send(s, "POST", "/api/branches", branchBody(o));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; branch_id: string };
  };
  const addTerminal = async (s: TestSession, branch: number) => {
    const res = await send(s, "POST", "/api/terminals", { branch });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; terminal_id: string; keys: { test_key: string; live_key: string } };
  };
  const pay = (key: string | undefined, payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/terminal/payments",
      headers: { ...(key ? { authorization: `Terminal ${key}` } : {}), ...headers },
      payload,
    });
  const card = (pan = APPROVED) => ({ pan, expiry_month: 12, expiry_year: 2039 });

  describe("branches", () => {
    it("adds, lists, shows and edits a branch; every field is required", async () => {
      const added = await addBranch(owner, { branch_name: "Heliopolis" });
      const list = (await send(owner, "GET", "/api/branches")).json();
      expect(list.results.map((b: { id: number }) => b.id)).toContain(added.id);
      const details = (await send(owner, "GET", `/api/branches/${added.id}`)).json();
      expect(details).toMatchObject({ branch_name: "Heliopolis", city: "Cairo", terminals: 0 });

      for (const field of ["branch_name", "branch_id", "city", "address"]) {
        const res = await send(owner, "POST", "/api/branches", branchBody({ [field]: "  " }));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toEqual([POS_MESSAGES.required]);
      }
      const tags = await send(owner, "POST", "/api/branches", branchBody({ address: "<b>x</b>" }));
      expect(tags.json().fields.address).toEqual([POS_MESSAGES.htmlTags]);

      const edited = await send(
        owner,
        "PUT",
        `/api/branches/${added.id}`,
        branchBody({ branch_id: added.branch_id, branch_name: "Heliopolis East", city: "Giza" }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ branch_name: "Heliopolis East", city: "Giza" });
    });

    it("refuses a branch ID the merchant already uses, but not another merchant's", async () => {
      const a = await addBranch(owner);
      const again = await send(owner, "POST", "/api/branches", branchBody({ branch_id: a.branch_id }));
      expect(again.statusCode).toBe(409);
      expect(again.json().fields.branch_id).toEqual([POS_MESSAGES.branchCodeTaken]);
      await addBranch(otherOwner, { branch_id: a.branch_id });
    });

    it("keeps each merchant's branches its own", async () => {
      const mine = await addBranch(owner);
      expect((await send(otherOwner, "GET", `/api/branches/${mine.id}`)).statusCode).toBe(404);
      expect((await send(otherOwner, "PUT", `/api/branches/${mine.id}`, branchBody())).statusCode).toBe(404);
      const theirs = (await send(otherOwner, "GET", "/api/branches")).json();
      expect(theirs.results.map((b: { id: number }) => b.id)).not.toContain(mine.id);
      expect((await send(bank, "GET", "/api/branches")).statusCode).toBe(403);
      // Staff holding "can view terminals" manage them too.
      await addBranch(staff);
    });
  });

  describe("terminals", () => {
    it("says when the merchant has no POS", async () => {
      const fresh = await fixtures(app.payments.db).session(await fixtures(app.payments.db).user("Merchant"));
      const list = (await send(fresh, "GET", "/api/terminals")).json();
      expect(list).toMatchObject({ count: 0, has_pos: false, results: [] });
    });

    it("adds a terminal to a branch with its keys shown once, and moves it with the Terminal Device dialog", async () => {
      const a = await addBranch(owner, { branch_name: "Maadi" });
      const b = await addBranch(owner, { branch_name: "Dokki", city: "Giza", address: "Tahrir Street" });
      const t = await addTerminal(owner, a.id);
      expect(t.keys.test_key).toMatch(/^egy_tk_test_[0-9a-f]{64}$/);
      expect(t.keys.live_key).toMatch(/^egy_tk_live_[0-9a-f]{64}$/);
      const stored = await app.payments.db
        .selectFrom("terminal_keys")
        .select(["key_hash", "key_prefix"])
        .where("terminal_id", "=", t.id)
        .execute();
      expect(stored).toHaveLength(2);
      for (const k of stored) {
        expect(k.key_hash).not.toContain(t.keys.test_key.slice(12));
        expect(k.key_hash).not.toContain(t.keys.live_key.slice(12));
      }
      const details = (await send(owner, "GET", `/api/terminals/${t.id}`)).json();
      expect(details).toMatchObject({
        branch: a.id,
        branch_name: "Maadi",
        branch_id: a.branch_id,
        transactions: 0,
      });
      expect(JSON.stringify(details)).not.toContain(t.keys.test_key);

      const moved = await send(owner, "PUT", `/api/terminals/${t.id}`, { branch: b.id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        branch: b.id,
        branch_name: "Dokki",
        city: "Giza",
        address: "Tahrir Street",
      });
      // Editing the branch carries its terminals along.
      await send(
        owner,
        "PUT",
        `/api/branches/${b.id}`,
        branchBody({ branch_id: b.branch_id, branch_name: "Dokki 2" }),
      );
      expect((await send(owner, "GET", `/api/terminals/${t.id}`)).json().branch_name).toBe("Dokki 2");
      const list = (await send(owner, "GET", "/api/terminals")).json();
      expect(list.has_pos).toBe(true);
      expect(list.results.map((r: { id: number }) => r.id)).toContain(t.id);
    });

    it("refuses another merchant's branch or terminal, and changes by a terminal user", async () => {
      const theirs = await addBranch(otherOwner);
      const mine = await addBranch(owner);
      const t = await addTerminal(owner, mine.id);
      const bad = await send(owner, "POST", "/api/terminals", { branch: theirs.id });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.branch).toEqual([POS_MESSAGES.required]);
      expect((await send(owner, "PUT", `/api/terminals/${t.id}`, { branch: theirs.id })).statusCode).toBe(
        400,
      );
      expect((await send(otherOwner, "GET", `/api/terminals/${t.id}`)).statusCode).toBe(404);
      expect(
        (await send(otherOwner, "PUT", `/api/terminals/${t.id}`, { branch: theirs.id })).statusCode,
      ).toBe(404);
      expect((await send(otherOwner, "POST", `/api/terminals/${t.id}/keys`)).statusCode).toBe(404);

      const fx = fixtures(app.payments.db);
      const termUser = await fx.session(await fx.user("Terminal", { merchantId, terminalId: t.id }));
      const own = (await send(termUser, "GET", "/api/terminals")).json();
      expect(own.results.map((r: { id: number }) => r.id)).toEqual([t.id]);
      expect((await send(termUser, "POST", "/api/terminals", { branch: mine.id })).statusCode).toBe(403);
      expect((await send(termUser, "PUT", `/api/terminals/${t.id}`, { branch: mine.id })).statusCode).toBe(
        403,
      );
      expect((await send(termUser, "GET", "/api/branches")).statusCode).toBe(403);
    });
  });

  describe("the terminal API", () => {
    let terminal: { id: number; terminal_id: string; keys: { test_key: string; live_key: string } };
    let otherTerminal: { id: number; keys: { test_key: string; live_key: string } };

    beforeAll(async () => {
      terminal = await addTerminal(owner, (await addBranch(owner)).id);
      otherTerminal = await addTerminal(otherOwner, (await addBranch(otherOwner)).id);
    });

    it("takes a card-present payment that appears with origin and channel POS and its terminal", async () => {
      const res = await pay(terminal.keys.test_key, { amount_cents: 12550, card: card() });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        status: "success",
        success: true,
        is_live: false,
        amount_cents: 12550,
        currency: "EGP",
        terminal_id: terminal.terminal_id,
        origin: "POS",
        channel: "POS",
        card: { first6: "512345", last4: "2346" },
      });
      const tx = await app.payments.db
        .selectFrom("transactions")
        .selectAll()
        .where("id", "=", body.id)
        .executeTakeFirstOrThrow();
      expect(tx).toMatchObject({ origin: "POS", channel: "POS", is_live: false, merchant_id: merchantId });
      expect(Number(tx.terminal_id)).toBe(terminal.id);
      // Never the full number or a CVV.
      expect(JSON.stringify(tx)).not.toContain(APPROVED);
      // The order is paid.
      const order = await app.payments.db
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", tx.order_id!)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ payment_status: "PAID", api_source: "POS" });

      // The dashboard's transactions list shows it under channel POS; the terminal counts it.
      const list = await send(owner, "GET", "/api/transactions?is_live=false&channel=POS");
      if (list.statusCode === 200)
        expect(list.json().results.map((r: { id: number }) => r.id)).toContain(body.id);
      const figures = (await send(owner, "GET", `/api/terminals/${terminal.id}?is_live=false`)).json();
      expect(figures.transactions).toBeGreaterThanOrEqual(1);
      expect(figures.amounts).toEqual([{ currency: "EGP", amount_cents: expect.any(Number) }]);

      const read = await app.inject({
        url: `/api/terminal/payments/${body.id}`,
        headers: { authorization: `Terminal ${terminal.keys.test_key}` },
      });
      expect(read.statusCode).toBe(200);
      expect(read.json().id).toBe(body.id);
    });

    it("declines with the acquirer's reason, and the live key pays in live mode", async () => {
      const declined = (
        await pay(terminal.keys.test_key, { amount_cents: 500, card: card(DECLINED) })
      ).json();
      expect(declined).toMatchObject({ status: "declined", success: false });
      expect(declined.message).toBeTruthy();
      const live = (await pay(terminal.keys.live_key, { amount_cents: 700, card: card() })).json();
      expect(live.is_live).toBe(true);
    });

    it("answers 401 without a key or with a wrong one, whatever the body", async () => {
      const none = await pay(undefined, { nonsense: true });
      expect(none.statusCode).toBe(401);
      const wrong = await pay(`egy_tk_test_${"0".repeat(64)}`, { nonsense: true });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe("invalid_terminal_key");
    });

    it("checks the body: amount, currency and card", async () => {
      const k = terminal.keys.test_key;
      expect((await pay(k, { amount_cents: 0, card: card() })).statusCode).toBe(400);
      expect((await pay(k, { amount_cents: 10.5, card: card() })).statusCode).toBe(400);
      const usd = await pay(k, { amount_cents: 100, currency: "USD", card: card() });
      expect(usd.statusCode).toBe(400);
      const badCard = await pay(k, { amount_cents: 100, card: card("4111111111111112") });
      expect(badCard.statusCode).toBe(400);
      expect(badCard.json().fields.pan).toBeTruthy();
    });

    it("never lets one merchant's terminal key pay for or read another merchant's terminal", async () => {
      const mine = (await pay(terminal.keys.test_key, { amount_cents: 900, card: card() })).json();
      // The other merchant's key pays only as its own terminal.
      const theirs = (await pay(otherTerminal.keys.test_key, { amount_cents: 901, card: card() })).json();
      const row = await app.payments.db
        .selectFrom("transactions")
        .select(["merchant_id", "terminal_id"])
        .where("id", "=", theirs.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.terminal_id)).toBe(otherTerminal.id);
      expect(Number(row.merchant_id)).not.toBe(merchantId);
      // Reading the first merchant's payment with the other key: 404, and with the wrong mode's key: 404.
      const cross = await app.inject({
        url: `/api/terminal/payments/${mine.id}`,
        headers: { authorization: `Terminal ${otherTerminal.keys.test_key}` },
      });
      expect(cross.statusCode).toBe(404);
      const otherMode = await app.inject({
        url: `/api/terminal/payments/${mine.id}`,
        headers: { authorization: `Terminal ${terminal.keys.live_key}` },
      });
      expect(otherMode.statusCode).toBe(404);
    });

    it("replays a retry with the same Idempotency-Key, and stops old keys once recreated", async () => {
      const headers = { "idempotency-key": unique("retry-") };
      const first = (await pay(terminal.keys.test_key, { amount_cents: 321, card: card() }, headers)).json();
      const again = (await pay(terminal.keys.test_key, { amount_cents: 321, card: card() }, headers)).json();
      expect(again.id).toBe(first.id);

      const t = await addTerminal(owner, (await addBranch(owner)).id);
      const fresh = await send(owner, "POST", `/api/terminals/${t.id}/keys`);
      expect(fresh.statusCode).toBe(200);
      expect((await pay(t.keys.test_key, { amount_cents: 100, card: card() })).statusCode).toBe(401);
      expect((await pay(fresh.json().test_key, { amount_cents: 100, card: card() })).statusCode).toBe(200);
    });
  });
});
