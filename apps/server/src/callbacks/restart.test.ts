import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db/database.ts";
import { payCard, paymentTokenFor, type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase } from "../test/databases.ts";
import { ATTEMPT_HEADER, INTERRUPTED } from "./delivery.ts";
import { verifyTransaction } from "./hmac.ts";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface Delivery {
  attemptId: number;
  transactionId: number;
  valid: boolean;
}

/**
 * Kill-and-restart of callback delivery on PostgreSQL: a real server process delivers the callbacks of 20
 * payments to a slow receiver, is killed (SIGKILL) mid-way, and is started again. Every callback must arrive,
 * and what arrived must be exactly what the attempts log records.
 */
describe("callback delivery survives a killed server [postgres]", () => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let url: string;
  let drop: () => Promise<void>;
  let receiver: http.Server;
  const deliveries: Delivery[] = [];
  let child: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-restart-"));

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        const obj = JSON.parse(body).obj;
        const hmac = new URL(req.url ?? "/", "http://x").searchParams.get("hmac") ?? "";
        deliveries.push({
          attemptId: Number(req.headers[ATTEMPT_HEADER]),
          transactionId: obj.id,
          valid: verifyTransaction(obj, hmac, m.keys.hmacSecret),
        });
        // Slow enough that a kill catches deliveries in flight.
        setTimeout(() => res.end("received"), 400);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const test = await createTestDatabase("postgres");
    url = test.url!;
    const database = await openPostgres(url);
    drop = async () => {
      await database.close();
      await test.drop();
    };
    app = await buildTestApp(database, { DATA_DIR: dataDir });
    m = await testMerchant(app, { callbackUrl });
  }, 120_000);

  afterAll(async () => {
    child?.kill("SIGKILL");
    await app?.close();
    await drop?.();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const startServer = async (): Promise<ChildProcess> => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const proc = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DEMO_DATA: "false",
        SERVE_WEB: "false",
        LOG_LEVEL: "warn",
        // The lease of a taken delivery: short, so the test need not wait a minute for the killed one's jobs.
        CALLBACK_JOB_EXPIRE_SECONDS: "2",
        CALLBACK_CONCURRENCY: "4",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    proc.stdout?.on("data", (d) => {
      output += d;
    });
    proc.stderr?.on("data", (d) => {
      output += d;
    });
    await expect
      .poll(() => output.includes("Portal is running") || proc.exitCode !== null, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(true);
    if (proc.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    return proc;
  };

  it("delivers every callback exactly as recorded after a SIGKILL mid-way", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      ids.push((await payCard(app, token)).json().transaction.id);
    }
    // Nothing delivers in this process (the test app does not listen): the jobs wait in the queue.
    expect(deliveries).toHaveLength(0);

    child = await startServer();
    await expect.poll(() => deliveries.length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    child.kill("SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));
    const atKill = new Set(deliveries.map((d) => d.transactionId)).size;
    expect(atKill).toBeLessThan(20);

    child = await startServer();
    await expect
      .poll(() => new Set(deliveries.map((d) => d.transactionId)).size, { timeout: 90_000, interval: 200 })
      .toBe(20);
    // Wait until every transaction has an answered attempt and no attempt is open (a delivery cut off by the
    // kill is seen by the receiver before its job runs again).
    const attempts = () =>
      app.payments.db
        .selectFrom("callback_attempts")
        .selectAll()
        .where("transaction_id", "in", ids)
        .orderBy("id")
        .execute();
    await expect
      .poll(
        async () => {
          const rows = await attempts();
          const answered = ids.filter((id) =>
            rows.some((r) => r.transaction_id === id && r.status_code === 200),
          );
          return answered.length === ids.length && rows.every((r) => r.finished_at !== null);
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true);
    child.kill("SIGTERM");

    const rows = await attempts();
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Every request the receiver saw is a recorded attempt of that transaction, validly signed.
    for (const d of deliveries) {
      expect(byId.get(d.attemptId)?.transaction_id).toBe(d.transactionId);
      expect(d.valid).toBe(true);
    }
    // Every attempt recorded as answered was seen by the receiver; every transaction has one.
    const seen = new Set(deliveries.map((d) => d.attemptId));
    for (const row of rows.filter((r) => r.status_code !== null)) expect(seen.has(row.id)).toBe(true);
    for (const id of ids)
      expect(rows.some((r) => r.transaction_id === id && r.status_code === 200)).toBe(true);
    // Attempts cut off by the kill are closed as interrupted, never left open.
    for (const row of rows.filter((r) => r.status_code === null)) expect(row.error).toBe(INTERRUPTED);
  }, 240_000);
});
