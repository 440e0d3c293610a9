import { CHARGEBACK_MESSAGES, EVIDENCE_MAX_BYTES } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../images/png.ts";
import { DISPUTE_CARDS, SIMULATOR_DISPUTE_AFTER_DAYS, TEST_CARDS } from "../payments/simulator.ts";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession, unique } from "../test/fixtures.ts";
import { rows } from "../transactions/test-rows.ts";
import { runTransfers, utcDay } from "../transfers/settlement.repository.ts";
import { CHARGEBACK_FEES, CHARGEBACK_RESPONSE_DAYS, runDisputeCycle } from "./chargebacks.service.ts";
import { decryptEvidence, encryptEvidence, sniffEvidenceType } from "./evidence.ts";

const DAY = 86_400_000;
const PNG = solidPng(4, 4, [200, 30, 30]);
const PDF = Buffer.from("%PDF-1.4\n% evidence\n");
/** A minimal well-formed JPEG (as images.test.ts builds it). */
function jpeg(): Buffer {
  const seg = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  return Buffer.from([
    0xff,
    0xd8,
    ...seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    ...seg(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]),
    ...seg(0xc0, [0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]),
    ...seg(0xc4, [0x00, 0x01, ...Array.from({ length: 15 }, () => 0), 0x00]),
    ...seg(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    0x7f,
    0x00,
    0xff,
    0xd9,
  ]);
}
const JPEG = jpeg();
const WIN = DISPUTE_CARDS.find((c) => c.evidenceWins)!;
const LOSE = DISPUTE_CARDS.find((c) => !c.evidenceWins)!;

describe("evidence files", () => {
  it("reads the type from the first bytes only", () => {
    expect(sniffEvidenceType(PNG)).toBe("image/png");
    expect(sniffEvidenceType(JPEG)).toBe("image/jpeg");
    expect(sniffEvidenceType(PDF)).toBe("application/pdf");
    expect(sniffEvidenceType(Buffer.from("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffEvidenceType(Buffer.from("GIF89a...."))).toBeNull();
    expect(sniffEvidenceType(Buffer.from([0x89, 0x50]))).toBeNull();
    // A PNG signature on something that is not a PNG is refused.
    expect(
      sniffEvidenceType(Buffer.concat([PNG.subarray(0, 8), Buffer.from("<script>x</script>")])),
    ).toBeNull();
  });

  it("encrypts bound to the chargeback", () => {
    const key = Buffer.alloc(32, 7);
    const stored = encryptEvidence(PNG, key, 5);
    expect(stored.includes(PNG.subarray(8, 24))).toBe(false);
    expect(decryptEvidence(stored, key, 5).equals(PNG)).toBe(true);
    expect(() => decryptEvidence(stored, key, 6)).toThrow();
  });

  it("the dispute cards are approved simulator cards", () => {
    for (const card of DISPUTE_CARDS) expect(TEST_CARDS[card.first6 + card.last4]?.behaviour).toBe("success");
  });
});

describeEachDatabase("chargebacks: disputes, answers, outcome and scope", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let staffNoRefund: TestSession;
  let other: TestSession;
  let bank: TestSession;
  let otherBank: TestSession;
  let terminal: TestSession;
  let merchantId: number;
  let bankId: number;
  const company = unique("Chargeback Co ");
  const now = () => new Date();
  const rules = DISPUTE_CARDS;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const db = app.payments.db;
    const fx = fixtures(db);
    bankId = (await fx.bank()).id;
    const m = await fx.merchant({ company_name: company, bank_id: bankId });
    merchantId = m.id;
    owner = await fx.session(await fx.user("Merchant", { merchantId }));
    staffNoRefund = await fx.session(
      await fx.user("MerchantStaff", { merchantId, permissions: ["can view transactions"] }),
    );
    other = await fx.session(await fx.user("Merchant"));
    bank = await fx.session(await fx.user("Bank", { bankId }));
    otherBank = await fx.session(await fx.user("Bank"));
    terminal = await fx.session(await fx.user("Terminal", { merchantId }));
  });
  afterAll(async () => {
    await app.close();
  });

  const payment = (o: Parameters<ReturnType<typeof rows>["payment"]>[1] = {}) =>
    rows(app.payments.db).payment(merchantId, o);
  const cardOf = (rule: typeof WIN) => ({ card_first6: rule.first6, card_last4: rule.last4 });
  const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
  const chargebackOf = (transactionId: number) =>
    app.payments.db
      .selectFrom("chargebacks")
      .selectAll()
      .where("transaction_id", "=", transactionId)
      .executeTakeFirst();
  const get_ = (url: string, s: TestSession = owner) => app.inject({ url, headers: s.headers });
  const post = (url: string, payload: object | undefined, s: TestSession = owner) =>
    app.inject({ method: "POST", url, headers: s.headers, ...(payload ? { payload } : {}) });
  /** An open chargeback on a fresh payment with the card, opened by the cycle. */
  const openOne = async (rule = WIN, o: Parameters<typeof payment>[0] = {}) => {
    const tx = await payment({
      ...cardOf(rule),
      created_at: daysAgo(SIMULATOR_DISPUTE_AFTER_DAYS + 1),
      ...o,
    });
    await runDisputeCycle(app.payments.db, rules, now());
    const cb = await chargebackOf(tx.id);
    expect(cb, "the cycle opened a chargeback").toBeDefined();
    return { tx, cb: cb! };
  };

  it("opens a dispute for the documented cards some days after the payment, once", async () => {
    const due = await payment({
      ...cardOf(WIN),
      amount_cents: 20000,
      refunded_amount_cents: 5000,
      created_at: daysAgo(3),
    });
    const early = await payment({ ...cardOf(LOSE), created_at: daysAgo(1) });
    const plain = await payment({ created_at: daysAgo(3) });
    const refunded = await payment({ ...cardOf(WIN), refunded_amount_cents: 10000, created_at: daysAgo(3) });
    const declined = await payment({ ...cardOf(WIN), status: "declined", created_at: daysAgo(3) });
    const auth = await payment({ ...cardOf(WIN), is_auth: true, trnx_type: "auth", created_at: daysAgo(3) });
    const test = await payment({ ...cardOf(LOSE), is_live: false, created_at: daysAgo(3) });
    const at = now();
    const first = await runDisputeCycle(app.payments.db, rules, at);
    expect(first.opened).toBeGreaterThanOrEqual(2);
    const cb = await chargebackOf(due.id);
    expect(cb).toMatchObject({
      merchant_id: merchantId,
      status: "open",
      amount_cents: 15000,
      currency: "EGP",
      accept_fees_cents: CHARGEBACK_FEES.feeCents,
      vat_cents: Math.round((CHARGEBACK_FEES.feeCents * CHARGEBACK_FEES.vatPercent) / 100),
      reason: WIN.reason,
      answer: null,
      resolved_at: null,
      transfer_id: null,
    });
    expect(cb!.deadline_at.getTime() - at.getTime()).toBe(CHARGEBACK_RESPONSE_DAYS * DAY);
    expect(await chargebackOf(test.id)).toMatchObject({ is_live: false, status: "open" });
    for (const none of [early, plain, refunded, declined, auth])
      expect(await chargebackOf(none.id)).toBeUndefined();
    // A rerun opens nothing new.
    const again = await runDisputeCycle(app.payments.db, rules, at);
    expect(again.opened).toBe(0);
    // Two runs at once open each dispute once (the unique transaction id).
    const twice = await payment({ ...cardOf(LOSE), created_at: daysAgo(4) });
    await Promise.all([
      runDisputeCycle(app.payments.db, rules, at),
      runDisputeCycle(app.payments.db, rules, at),
    ]);
    const n = await app.payments.db
      .selectFrom("chargebacks")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("transaction_id", "=", twice.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it("lists and details with every field of the spec, for the merchant and its bank", async () => {
    const order = await rows(app.payments.db).order(merchantId);
    const { tx, cb } = await openOne(WIN, { order_id: order.id });
    const list = await get_("/api/chargebacks");
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().results.find((r: { id: number }) => r.id === cb.id);
    expect(item).toMatchObject({
      transaction_id: tx.id,
      order_id: order.id,
      amount_cents: 10000,
      status: "open",
      vat_cents: cb.vat_cents,
      accept_fees_cents: cb.accept_fees_cents,
      parent_transaction_id: null,
      integration_id: null,
      merchant: { id: merchantId, name: company },
    });
    expect(item.chargeback_date).toBeTruthy();
    const details = (await get_(`/api/chargebacks/${cb.id}`)).json();
    expect(details).toMatchObject({ id: cb.id, reason: WIN.reason, can_answer: true, evidence: [] });
    // The bank sees it (and may not answer it); another bank and another merchant do not.
    const viaBank = (await get_(`/api/chargebacks?merchant_id=${merchantId}`, bank)).json();
    expect(viaBank.results.map((r: { id: number }) => r.id)).toContain(cb.id);
    expect((await get_(`/api/chargebacks/${cb.id}`, bank)).json().can_answer).toBe(false);
    expect((await get_("/api/chargebacks", otherBank)).json().count).toBe(0);
    expect((await get_(`/api/chargebacks?merchant_id=${merchantId}`, otherBank)).json().count).toBe(0);
    expect((await get_("/api/chargebacks", other)).json().count).toBe(0);
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/chargebacks/${cb.id}` },
      owner,
      intruder: other,
      secrets: [company],
    });
    await expectCrossTenantIsolation(app, {
      request: { url: `/api/chargebacks/${cb.id}` },
      owner: bank,
      intruder: otherBank,
      secrets: [company],
    });
    // Filters.
    const lost = (await get_("/api/chargebacks?status=lost")).json();
    expect(lost.results.every((r: { status: string }) => r.status === "lost")).toBe(true);
    const byTx = (await get_(`/api/chargebacks?transaction_id=${tx.id}`)).json();
    expect(byTx.count).toBe(1);
    // A terminal user sees only its terminal's payments' chargebacks.
    expect((await get_(`/api/chargebacks/${cb.id}`, terminal)).statusCode).toBe(404);
  });

  it("accepting loses it at once; a second answer is refused", async () => {
    const { cb } = await openOne();
    expect((await post(`/api/chargebacks/${cb.id}/accept`, undefined, bank)).statusCode).toBe(403);
    expect((await post(`/api/chargebacks/${cb.id}/accept`, undefined, staffNoRefund)).statusCode).toBe(403);
    expect((await post(`/api/chargebacks/${cb.id}/accept`, undefined, other)).statusCode).toBe(404);
    const accepted = await post(`/api/chargebacks/${cb.id}/accept`, undefined);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "lost", answer: "accepted", can_answer: false });
    expect(accepted.json().resolved_at).toBeTruthy();
    const again = await post(`/api/chargebacks/${cb.id}/accept`, undefined);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "chargeback_answered",
      detail: CHARGEBACK_MESSAGES.alreadyAnswered,
    });
  });

  it("evidence: checked by content and size, stored encrypted, served with its true type and nosniff", async () => {
    const { cb } = await openOne();
    const url = `/api/chargebacks/${cb.id}/evidence`;
    const b64 = (b: Buffer) => b.toString("base64");
    const fake = await post(url, {
      files: [{ name: "photo.png", content_base64: b64(Buffer.from("<svg onload=x>")) }],
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().detail).toBe(CHARGEBACK_MESSAGES.fileType);
    const big = Buffer.concat([PDF, Buffer.alloc(EVIDENCE_MAX_BYTES)]);
    const tooBig = await post(url, { files: [{ name: "big.pdf", content_base64: b64(big) }] });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body).toContain(CHARGEBACK_MESSAGES.fileSize);
    const none = await post(url, { files: [] });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(CHARGEBACK_MESSAGES.fileCount);
    const six = await post(url, {
      files: Array.from({ length: 6 }, () => ({ name: "a.pdf", content_base64: b64(PDF) })),
    });
    expect(six.statusCode).toBe(400);
    // A good file with a bad one: nothing is stored.
    const mixed = await post(url, {
      files: [
        { name: "ok.pdf", content_base64: b64(PDF) },
        { name: "bad.png", content_base64: b64(Buffer.from("MZ executable")) },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    const stored = await app.payments.db
      .selectFrom("chargeback_evidence")
      .selectAll()
      .where("chargeback_id", "=", cb.id)
      .execute();
    expect(stored).toHaveLength(0);
    expect((await chargebackOf(cb.transaction_id))!.status).toBe("open");

    const sent = await post(url, {
      note: "Delivered on 3 May, signed receipt attached.",
      files: [
        // The name says PDF, the bytes say PNG: the bytes win.
        { name: "receipt.pdf", content_base64: b64(PNG) },
        { name: "invoice.pdf", content_base64: b64(PDF) },
        { name: "photo.jpeg", content_base64: b64(JPEG) },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const details = sent.json();
    expect(details).toMatchObject({
      status: "under_review",
      answer: "evidence",
      evidence_note: "Delivered on 3 May, signed receipt attached.",
      can_answer: false,
    });
    expect(details.evidence.map((e: { content_type: string }) => e.content_type)).toEqual([
      "image/png",
      "application/pdf",
      "image/jpeg",
    ]);
    const rowsStored = await app.payments.db
      .selectFrom("chargeback_evidence")
      .selectAll()
      .where("chargeback_id", "=", cb.id)
      .orderBy("id")
      .execute();
    expect(rowsStored[0]!.content.includes(PNG.subarray(8, 24))).toBe(false);
    const file = await get_(`/api/chargebacks/${cb.id}/evidence/${details.evidence[0].id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(file.headers["content-disposition"])).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // The bank reads its merchant's evidence; another merchant and another bank do not.
    expect(
      (await get_(`/api/chargebacks/${cb.id}/evidence/${details.evidence[0].id}`, bank)).statusCode,
    ).toBe(200);
    expect(
      (await get_(`/api/chargebacks/${cb.id}/evidence/${details.evidence[0].id}`, other)).statusCode,
    ).toBe(404);
    expect(
      (await get_(`/api/chargebacks/${cb.id}/evidence/${details.evidence[0].id}`, otherBank)).statusCode,
    ).toBe(404);
    const again = await post(url, { files: [{ name: "x.pdf", content_base64: b64(PDF) }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(CHARGEBACK_MESSAGES.alreadyAnswered);
  });

  it("after the deadline nothing can be answered and the cycle loses it", async () => {
    const { cb } = await openOne(LOSE);
    await app.payments.db
      .updateTable("chargebacks")
      .set({ deadline_at: new Date(Date.now() - 1000) })
      .where("id", "=", cb.id)
      .execute();
    const late = await post(`/api/chargebacks/${cb.id}/evidence`, {
      files: [{ name: "x.pdf", content_base64: PDF.toString("base64") }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: "chargeback_closed",
      detail: CHARGEBACK_MESSAGES.deadlinePassed,
    });
    expect((await post(`/api/chargebacks/${cb.id}/accept`, undefined)).statusCode).toBe(409);
    expect((await get_(`/api/chargebacks/${cb.id}`)).json().can_answer).toBe(false);
    await runDisputeCycle(app.payments.db, rules, now());
    expect(await chargebackOf(cb.transaction_id)).toMatchObject({ status: "lost", answer: "expired" });
  });

  it("the acquirer decides the evidence a day later: won for one card, lost for the other", async () => {
    const won = await openOne(WIN);
    const lost = await openOne(LOSE);
    for (const { cb } of [won, lost]) {
      const r = await post(`/api/chargebacks/${cb.id}/evidence`, {
        files: [{ name: "x.pdf", content_base64: PDF.toString("base64") }],
      });
      expect(r.statusCode).toBe(200);
    }
    // Not yet reviewed.
    await runDisputeCycle(app.payments.db, rules, now());
    expect((await chargebackOf(won.tx.id))!.status).toBe("under_review");
    await runDisputeCycle(app.payments.db, rules, new Date(Date.now() + 2 * DAY));
    expect(await chargebackOf(won.tx.id)).toMatchObject({ status: "won", answer: "evidence" });
    expect(await chargebackOf(lost.tx.id)).toMatchObject({ status: "lost", answer: "evidence" });
    expect((await chargebackOf(won.tx.id))!.resolved_at).not.toBeNull();
  });

  it("a lost chargeback leaves the merchant's next transfer once; a won one moves nothing", async () => {
    const db = app.payments.db;
    const lost = await openOne(LOSE);
    const won = await openOne(WIN);
    expect((await post(`/api/chargebacks/${lost.cb.id}/accept`, undefined)).statusCode).toBe(200);
    await db
      .updateTable("chargebacks")
      .set({ status: "won", answer: "evidence", answered_at: new Date(), resolved_at: new Date() })
      .where("id", "=", won.cb.id)
      .execute();
    const day = utcDay(new Date(Date.now() + DAY));
    const later = new Date(Date.now() + 3 * DAY);
    const first = await runTransfers(db, day, later);
    expect(first.chargebacks).toBeGreaterThanOrEqual(1);
    const settled = await chargebackOf(lost.tx.id);
    expect(settled!.transfer_id).not.toBeNull();
    const transfer = await db
      .selectFrom("transfers")
      .selectAll()
      .where("id", "=", settled!.transfer_id!)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ merchant_id: merchantId, currency: "EGP", is_live: true });
    const expected = settled!.amount_cents + settled!.accept_fees_cents + settled!.vat_cents;
    expect(transfer.chargeback_cents).toBeGreaterThanOrEqual(expected);
    const carried = await db
      .selectFrom("chargebacks")
      .select((eb) => eb.fn.sum<number>(sql`amount_cents + accept_fees_cents + vat_cents`).as("n"))
      .where("transfer_id", "=", transfer.id)
      .executeTakeFirstOrThrow();
    expect(Number(carried.n)).toBe(transfer.chargeback_cents);
    expect((await chargebackOf(won.tx.id))!.transfer_id).toBeNull();
    // A rerun, or the next day, carries it no more.
    await runTransfers(db, day, later);
    await runTransfers(db, utcDay(new Date(Date.now() + 2 * DAY)), later);
    expect((await chargebackOf(lost.tx.id))!.transfer_id).toBe(settled!.transfer_id);
    const after = await db
      .selectFrom("transfers")
      .select("chargeback_cents")
      .where("id", "=", transfer.id)
      .executeTakeFirstOrThrow();
    expect(after.chargeback_cents).toBe(transfer.chargeback_cents);
  });

  it("refuses a lost chargeback without a resolution time (the schema's rule)", async () => {
    const { cb } = await openOne();
    await expect(
      sql`update chargebacks set status = 'lost' where id = ${cb.id}`.execute(app.payments.db),
    ).rejects.toThrow();
  });
});
