import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { startCallbackWorker } from "../callbacks/worker.ts";
import { loadConfig } from "../config.ts";
import { runExport } from "../exports/exports.service.ts";
import {
  callbackReceiver,
  payCard,
  paymentTokenFor,
  SUCCESS_CARD,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";

/**
 * The standing card-data scan (docs/security.md): after real card payments of every kind (approved, declined,
 * 3-D Secure challenge, saved card, with Idempotency-Keys), a refund, callbacks and an export, no answer, log
 * line, callback body, export file or table row holds a full card number or a CVV, nor any stored value from which
 * the card number can be rebuilt without the data key (its plain digests, and the digests of the request hash
 * formulas that once covered it).
 */

/** Cards paid below, with a distinctive CVV each so the scan can look for it. */
const CARDS = [
  { pan: "5123456789012346", cvv: "913", outcome: "approved" },
  { pan: "4111111111111111", cvv: "827", outcome: "approved" },
  { pan: "4000000000000002", cvv: "736", outcome: "declined" },
  { pan: "4000000000003220", cvv: "645", outcome: "challenge" },
] as const;

const hex = (algorithm: string, text: string) => createHash(algorithm).update(text, "utf8").digest("hex");
const b64 = (algorithm: string, text: string) => createHash(algorithm).update(text, "utf8").digest("base64");

/** Every form of a card number, or an unkeyed digest of it, that must not appear anywhere. */
function needlesOf(pan: string, amount: number): string[] {
  const spaced = pan.replace(/(\d{4})(?=\d)/g, "$1 ");
  const dashed = pan.replace(/(\d{4})(?=\d)/g, "$1-");
  const digests = [pan, `"pan":"${pan}"`].flatMap((text) =>
    ["sha256", "sha1", "md5", "sha512"].flatMap((a) => [hex(a, text), b64(a, text)]),
  );
  // The request-hash formula that once covered the card: sha256 over the sorted JSON of amount and sha256(pan).
  const oldRequestHash = hex("sha256", JSON.stringify({ amount, pan: hex("sha256", pan) }));
  return [pan, spaced, dashed, ...digests, oldRequestHash];
}

describeEachDatabase("card data: nothing holds or rebuilds a card number or a CVV", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;
  let dataDir: string;
  let worker: { stop(): Promise<void> };
  let receiver: Awaited<ReturnType<typeof callbackReceiver>>;
  const lines: string[] = [];
  const answers: string[] = [];

  const call = async (options: InjectOptions) => {
    const response = await app.inject(options);
    answers.push(`${options.method ?? "GET"} ${String(options.url)} ${response.statusCode} ${response.body}`);
    return response;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "card-data-"));
    receiver = await callbackReceiver();
    app = await buildApp(
      {
        config: loadConfig({ LOG_LEVEL: "trace", SERVE_WEB: "false", DATA_DIR: dataDir }),
        database: get().database,
      },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    m = await testMerchant(app, { callbackUrl: receiver.url });
    worker = await startCallbackWorker(app.payments, app.log);
    owner = await fixtures(app.payments.db).session({ id: m.ownerId });
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("after every kind of card payment, a refund, callbacks and an export", async () => {
    const paid: number[] = [];
    let first: { token: string; key: string; body: string } | undefined;
    for (const [i, card] of CARDS.entries()) {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const key = `card-scan-${i}-${Date.now()}`;
      const response = await payCard(
        app,
        token,
        { pan: card.pan, cvv: card.cvv, save_card: i === 0 },
        { "idempotency-key": key },
      );
      answers.push(response.body);
      expect(response.statusCode, response.body).toBeLessThan(300);
      const id = response.json().transaction?.id as number | undefined;
      if (id !== undefined) paid.push(id);
      if (i === 0) first = { token, key, body: response.body };
    }
    expect(paid.length).toBeGreaterThanOrEqual(3);
    // A replay of the same key and card answers the stored payment (the keyed request hash still matches).
    const replay = await payCard(
      app,
      first!.token,
      { pan: CARDS[0].pan, cvv: CARDS[0].cvv, save_card: true },
      {
        "idempotency-key": first!.key,
      },
    );
    expect(replay.body).toBe(first!.body);

    const refund = await call({
      method: "POST",
      url: "/api/acceptance/void_refund/refund",
      headers: { authorization: `Token ${m.keys.secretKeyTest}` },
      payload: { transaction_id: paid[0], amount_cents: 100 },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    for (const id of paid) {
      await call({
        url: `/api/acceptance/transactions/${id}`,
        headers: { authorization: `Token ${m.keys.secretKeyTest}` },
      });
      await call({ url: `/api/transactions/${id}?is_live=false`, headers: owner.headers });
    }
    await call({ url: "/api/transactions?is_live=false", headers: owner.headers });
    await call({ url: "/api/orders?is_live=false", headers: owner.headers });

    const today = new Date().toISOString().slice(0, 10);
    const created = await call({
      method: "POST",
      url: "/api/exports",
      headers: owner.headers,
      payload: { date_from: today, date_to: today, status: "trx_all", is_live: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    await runExport(app.payments.db, dataDir, created.json().id);
    for (const format of ["csv", "xlsx"]) {
      const file = await call({
        url: `/api/exports/${created.json().id}/download?format=${format}`,
        headers: owner.headers,
      });
      expect(file.statusCode).toBe(200);
    }

    await expect
      .poll(() => receiver.received.length, { timeout: 20_000, interval: 100 })
      .toBeGreaterThanOrEqual(2);

    // Everything that left the server or stayed in it, as text.
    const places: [string, string][] = [
      ["answers", answers.join("\n")],
      ["logs", lines.join("")],
      ["callbacks", receiver.received.map((r) => `${r.url} ${r.body}`).join("\n")],
    ];
    for (const file of await filesUnder(dataDir))
      places.push([file, (await readFile(file)).toString("latin1")]);
    places.push(["database", await databaseText(app)]);

    // The scan sees what it scans: the last four digits and the refund are there.
    const all = places.map(([, text]) => text).join("\n");
    expect(all).toContain("2346");
    expect(places.find(([name]) => name === "database")![1]).toContain("2346");

    for (const card of CARDS) {
      for (const needle of needlesOf(card.pan, 10000)) {
        for (const [name, text] of places)
          expect(text.includes(needle), `${name} holds ${needle} (card ${card.pan.slice(-4)})`).toBe(false);
      }
      // A CVV never travels with a field name, in any place.
      for (const [name, text] of places) {
        expect(text, `${name}: a cvv field`).not.toMatch(
          new RegExp(`"(cvv|cvc|cvv2|security_code)"\\s*:\\s*"?${card.cvv}`),
        );
      }
    }
    for (const [name, text] of places)
      expect(text, `${name}: ${SUCCESS_CARD.pan}`).not.toContain(SUCCESS_CARD.pan);
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}

/** Every row of every table of the database (ours and pg-boss's), as text. */
async function databaseText(app: FastifyInstance): Promise<string> {
  const db = app.payments.db;
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(db);
  const parts: string[] = [];
  for (const t of tables.rows) {
    const rows = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(`${t.schema}.${t.name}`)} t`.execute(db);
    parts.push(`${t.schema}.${t.name}:`, ...rows.rows.map((r) => r.row));
  }
  expect(tables.rows.map((t) => t.name)).toContain("idempotency_keys");
  return parts.join("\n");
}
