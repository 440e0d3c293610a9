import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { sql } from "kysely";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { MAILBOX_KEY_HEADER, mailboxKey } from "../apps/server/src/mail/mailbox-key.ts";
import { benchDatabase, serverNodeOptions } from "./_support.ts";

/**
 * Onboarding (issue 16 item 8, docs/onboarding.md "Registration and growth"), against a real server on
 * PostgreSQL, through its HTTP API only, with no manual step:
 * 1. registration to first test payment: register, read the confirmation e-mail from the local mailbox, confirm,
 *    sign in, take the test secret key (recreated: keys are stored hashed and shown once) and the test
 *    integration, create an intention with the secret key (POST /v1/intention/) and pay it with the sandbox card
 *    (POST /api/checkout/card); each step timed;
 * 2. 20 concurrent registrations with one e-mail: exactly one merchant is made (counted in the database);
 * 3. a 4 MB image uploaded to the activation wizard (POST /api/activation/documents?kind=passport), timed.
 * Writes bench/results/onboarding.json with the machine's load average. BENCH_PG_URL as the other benchmarks.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, "../apps/server");
const DB_NAME = "portal_bench_onboarding";
const PASSWORD = "Bench-Pa55word!";
const RACE = 20;

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [...serverNodeOptions(), "--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout?.on("data", (d) => {
    output += d;
  });
  proc.stderr?.on("data", (d) => {
    output += d;
  });
  const started = Date.now();
  while (!output.includes("Portal is running")) {
    if (proc.exitCode !== null || Date.now() - started > 180_000)
      throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

interface Answer {
  status: number;
  json: unknown;
}

async function send(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: Blob | FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body: Blob | FormData | string | undefined;
  if (init.raw !== undefined) body = init.raw;
  else if (init.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  const response = await fetch(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, json };
}

function expectStatus(step: string, answer: Answer, status: number): void {
  if (answer.status !== status)
    throw new Error(`${step}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 500)}`);
}

/** A real PNG of random pixels (stored without compression) just under 4 MB: what a phone photo weighs. */
/** The kinds uploaded by the bench, each once (the first is the cold sample). */
const UPLOAD_KINDS = ["passport", "proof_of_residence", "company_registration", "tax_card", "rent_contract"];

function fourMegabytePng(): Buffer {
  const width = 1024;
  const height = 1364;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]));
  const idat = zlib.deflateSync(Buffer.concat(rows), { level: 0 });
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function run(): Promise<void> {
  const { url } = await benchDatabase(DB_NAME, false);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-onboarding-"));
  const dataKey = randomBytes(32);
  const database = await openPostgres(url, 4);
  await migrateToLatest(database.db);

  const port = 32000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      DATA_KEY: dataKey.toString("base64"),
      DEMO_DATA: "false",
      SERVE_WEB: "false",
      LOG_LEVEL: "error",
      PUBLIC_URL: base,
      // An Egyptian portal (127.0.0.1 is a UAE host, whose form also asks for the emirate).
      COUNTRY_OVERRIDE: "EGY",
      SMTP_URL: "",
      MAILBOX: "on",
    },
    port,
  );
  try {
    const steps: Record<string, number> = {};
    const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const t = performance.now();
      const result = await work();
      steps[name] = round(performance.now() - t);
      return result;
    };
    const email = `bench.${Date.now()}@example.com`;
    const total0 = performance.now();

    // 1. Registration to the first test payment.
    const registered = await timed("register", () =>
      send(`${base}/api/auth/register`, {
        body: {
          full_name: "Bench Owner",
          company_name: "Bench Onboarding Store",
          email,
          phone: "+201055500000",
          password: PASSWORD,
          confirm_password: PASSWORD,
          lang: "en",
        },
      }),
    );
    expectStatus("register", registered, 201);
    const token = await timed("read_confirmation_email", async () => {
      const mailbox = await send(`${base}/api/dev/mailbox`, {
        headers: { [MAILBOX_KEY_HEADER]: mailboxKey(dataKey) },
      });
      expectStatus("mailbox", mailbox, 200);
      const messages = (mailbox.json as { messages: { to: string; text: string }[] }).messages;
      const text = messages.find((m) => m.to === email)?.text ?? "";
      const found = /register\/success\?token=([\w%-]+)/.exec(text);
      if (!found) throw new Error("no confirmation link in the mailbox");
      return decodeURIComponent(found[1]!);
    });
    expectStatus(
      "confirm",
      await timed("confirm", () => send(`${base}/api/auth/register/confirm`, { body: { token } })),
      200,
    );
    const login = await timed("sign_in", () =>
      send(`${base}/api/auth/login`, { body: { username: email, password: PASSWORD } }),
    );
    expectStatus("sign in", login, 200);
    const bearer = { authorization: `Bearer ${(login.json as { token: string }).token}` };
    const { secretKey, integrationId } = await timed("take_test_key_and_integration", async () => {
      const key = await send(`${base}/api/keys/secret/recreate`, {
        body: { is_live: false },
        headers: bearer,
      });
      expectStatus("recreate secret key", key, 200);
      const list = await send(`${base}/api/integrations?is_live=false`, { headers: bearer });
      expectStatus("integrations", list, 200);
      const first = (list.json as { results: { id: number }[] }).results[0];
      if (!first) throw new Error("no test integration");
      return { secretKey: (key.json as { value: string }).value, integrationId: first.id };
    });
    const paymentToken = await timed("create_intention", async () => {
      const intention = await send(`${base}/v1/intention/`, {
        body: {
          amount: 10000,
          currency: "EGP",
          payment_methods: [integrationId],
          items: [{ name: "First item", amount: 10000, description: "Bench", quantity: 1 }],
          billing_data: {
            first_name: "Bench",
            last_name: "Customer",
            email: "customer@example.com",
            phone_number: "+201000000000",
          },
        },
        headers: { authorization: `Token ${secretKey}` },
      });
      expectStatus("intention", intention, 201);
      return (intention.json as { payment_keys: { key: string }[] }).payment_keys[0]!.key;
    });
    const paid = await timed("pay_with_test_card", () =>
      send(`${base}/api/checkout/card`, {
        body: {
          payment_token: paymentToken,
          card_holder: "Test Account",
          pan: "5123456789012346",
          expiry_month: 1,
          expiry_year: 39,
          cvv: "123",
        },
      }),
    );
    expectStatus("card", paid, 200);
    const success = (paid.json as { transaction?: { success: boolean } }).transaction?.success === true;
    if (!success) throw new Error(`the test payment did not succeed: ${JSON.stringify(paid.json)}`);
    const totalMs = round(performance.now() - total0);

    // 2. Twenty registrations with one e-mail at once.
    const raceEmail = `race.${Date.now()}@example.com`;
    const before = await sql<{ n: string }>`select count(*) as n from merchants`.execute(database.db);
    const race0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: RACE }, (_, i) =>
        send(`${base}/api/auth/register`, {
          body: {
            full_name: "Race Owner",
            company_name: `Race Store ${i}`,
            email: raceEmail,
            phone: `+2010666${String(i).padStart(5, "0")}`,
            password: PASSWORD,
            confirm_password: PASSWORD,
          },
        }),
      ),
    );
    const raceMs = round(performance.now() - race0);
    const after = await sql<{ n: string }>`select count(*) as n from merchants`.execute(database.db);
    const created = Number(after.rows[0]!.n) - Number(before.rows[0]!.n);
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;

    // 3. 4 MB images to the activation wizard (the merchant registered above, signed in): one per document kind,
    // each a different file (the same file twice is refused), so the first (cold) upload is not the only sample.
    const uploads: { kind: string; status: number; ms: number }[] = [];
    let bytes = 0;
    for (const kind of UPLOAD_KINDS) {
      const image = fourMegabytePng();
      bytes = image.length;
      const form = new FormData();
      form.append("file", new Blob([image], { type: "image/png" }), `${kind}.png`);
      const upload0 = performance.now();
      const uploaded = await send(`${base}/api/activation/documents?kind=${kind}`, {
        method: "POST",
        raw: form,
        headers: bearer,
      });
      uploads.push({ kind, status: uploaded.status, ms: round(performance.now() - upload0) });
      if (uploaded.status === 404) break;
    }
    const warm = uploads.slice(1).map((u) => u.ms);
    const median =
      warm.length > 0 ? [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)]! : Number.NaN;
    const uploadResult =
      uploads[0]?.status === 404
        ? { todo: "POST /api/activation/documents is not served by this server: no upload timed" }
        : {
            statuses: uploads.map((u) => u.status),
            bytes,
            uploads,
            first_ms: uploads[0]?.ms,
            median_after_first_ms: median,
            under_one_second: uploads.every((u) => u.ms < 1000),
          };

    const result = {
      benchmark: "onboarding",
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, load_average: os.loadavg().map((l) => Math.round(l * 100) / 100) },
      registration_to_first_test_payment: {
        manual_steps: 0,
        payment_succeeded: success,
        total_ms: totalMs,
        steps_ms: steps,
      },
      concurrent_same_email: {
        registrations: RACE,
        merchants_created: created,
        statuses,
        ms: raceMs,
        exactly_one: created === 1 && statuses["201"] === 1,
      },
      upload_4mb: uploadResult,
    };
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(path.join(here, "results", "onboarding.json"), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    if (!result.concurrent_same_email.exactly_one) process.exitCode = 1;
  } finally {
    server.kill();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
