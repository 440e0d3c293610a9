import fs from "node:fs";
import os from "node:os";
import { Kysely, type Migration, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import { MIGRATIONS } from "../apps/server/src/db/migrate.ts";
import { benchDatabase } from "./_support.ts";

/**
 * PostgreSQL CPU of the analytics triggers per payment write set (docs/analytics.md): "insert an order, insert its
 * successful card payment, mark the order paid", each statement its own transaction, synchronous_commit off (so
 * flushes do not dominate), measured as the backend's user + system CPU from /proc. Two loops:
 * - client: this process sends the statements (named prepared statements, as the app does), BENCH_PAYMENTS times;
 * - server: a DO block runs them with a COMMIT after each, BENCH_SERVER_PAYMENTS times (no protocol work, so the
 *   triggers' share stands out and the figure varies less on a busy machine).
 * Configurations, in alternating rounds: "before", a database migrated up to the migration before
 * BENCH_TRIGGERS_SINCE (default 0012, the statement-level triggers); "latest", one migrated to the latest; "none",
 * the latest with the tables' user triggers disabled (the floor). Deltas are folded between rounds, as a server does
 * every few seconds. PostgreSQL must run on this machine (its backends' /proc entries are read).
 *
 * Environment: BENCH_PAYMENTS (5000), BENCH_SERVER_PAYMENTS (20000), BENCH_ROUNDS (3), BENCH_TRIGGERS_SINCE,
 * BENCH_TRIGGERS_SQL (a file of SQL run on the latest database after its migrations, to try other trigger
 * definitions; the result file is then not written). Prints the figures and writes bench/results/triggers.json.
 */

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 5000);
const SERVER_PAYMENTS = Number(process.env.BENCH_SERVER_PAYMENTS ?? 20000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SINCE = process.env.BENCH_TRIGGERS_SINCE ?? "0012";
const EXPERIMENT = process.env.BENCH_TRIGGERS_SQL;

/** CPU seconds (user + system) of a process. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
}

async function migrated(name: string, migrations: Record<string, Migration>): Promise<string> {
  const { url } = await benchDatabase(name, false);
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before any table type holds.
  const db = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
  });
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  }).migrateToLatest();
  await db.destroy();
  if (error) throw error;
  return url;
}

interface Connection {
  client: pg.Client;
  pid: number;
  merchantId: number;
}

async function connect(url: string): Promise<Connection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("set synchronous_commit = off");
  const pid = Number((await client.query("select pg_backend_pid() as pid")).rows[0].pid);
  const merchant = await client.query(
    "insert into merchants (company_name, country) values ('Trigger bench', 'EGY') returning id",
  );
  return { client, pid, merchantId: Number(merchant.rows[0].id) };
}

/** The backend's CPU microseconds per payment while `work` runs `n` payments. */
async function cpuPerPayment(c: Connection, n: number, work: () => Promise<void>): Promise<number> {
  const before = cpuSeconds(c.pid);
  await work();
  return ((cpuSeconds(c.pid) - before) * 1e6) / n;
}

const ORDER = `insert into orders (merchant_id, is_live, amount_cents, currency, delivery_needed)
  values ($1, false, $2, 'EGP', $3) returning id`;
const TRANSACTION = `insert into transactions (merchant_id, order_id, is_live, amount_cents, currency, status,
    gateway_type, trnx_type, origin, channel, card_first6, card_last4, card_scheme, card_type)
  values ($1, $2, false, $3, 'EGP', 'success', 'VPC', 'standalone', 'IFRAME', 'Ecommerce', '400000', '0002',
    'Visa', 'credit')`;
const PAID = "update orders set paid_amount_cents = $2, payment_status = 'PAID' where id = $1";

/** The write set `n` times from this process, one autocommit statement at a time. */
async function clientLoop(c: Connection, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const amount = 1000 + (i % 977);
    const order = await c.client.query({
      name: "order",
      text: ORDER,
      values: [c.merchantId, amount, i % 3 === 0],
    });
    const orderId = order.rows[0].id;
    await c.client.query({ name: "transaction", text: TRANSACTION, values: [c.merchantId, orderId, amount] });
    await c.client.query({ name: "paid", text: PAID, values: [orderId, amount] });
  }
}

/** A statement with its parameters replaced by PL/pgSQL expressions ($1 by the first, ...). */
const inline = (text: string, ...values: string[]) =>
  text.replace(/\$(\d)/g, (_, k: string) => values[Number(k) - 1]!).replace(" returning id", "");

/** The write set `n` times inside the server, a COMMIT after each statement. */
async function serverLoop(c: Connection, n: number): Promise<void> {
  await c.client.query(`do $$
declare m bigint := ${c.merchantId}; o bigint; a bigint;
begin
  for i in 1..${n} loop
    a := 1000 + i % 977;
    ${inline(ORDER, "m", "a", "i % 3 = 0")} returning id into o; commit;
    ${inline(TRANSACTION, "m", "o", "a")}; commit;
    ${inline(PAID, "o", "a")}; commit;
  end loop;
end $$`);
}

async function setTriggers(c: Connection, on: boolean): Promise<void> {
  for (const table of ["orders", "transactions"])
    await c.client.query(`alter table ${table} ${on ? "enable" : "disable"} trigger user`);
}

type Config = "before" | "latest" | "none";

export async function run(): Promise<void> {
  const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < SINCE));
  const old = await connect(await migrated("portal_bench_triggers_before", before));
  const latest = await connect(await migrated("portal_bench_triggers", MIGRATIONS));
  if (EXPERIMENT) await latest.client.query(fs.readFileSync(EXPERIMENT, "utf8"));

  const figures: Record<Config, { client: number[]; server: number[] }> = {
    before: { client: [], server: [] },
    latest: { client: [], server: [] },
    none: { client: [], server: [] },
  };
  const measure = async (config: Config, c: Connection) => {
    figures[config].client.push(await cpuPerPayment(c, PAYMENTS, () => clientLoop(c, PAYMENTS)));
    figures[config].server.push(
      await cpuPerPayment(c, SERVER_PAYMENTS, () => serverLoop(c, SERVER_PAYMENTS)),
    );
  };
  for (const c of [old, latest]) {
    await clientLoop(c, 200); // warm-up: prepared statements, caches
    await serverLoop(c, 200);
  }
  for (let round = 0; round < ROUNDS; round++) {
    await measure("before", old);
    await measure("latest", latest);
    await setTriggers(latest, false);
    await measure("none", latest);
    await setTriggers(latest, true);
    for (const c of [old, latest]) await c.client.query("select analytics_fold()");
    const line = (k: "client" | "server") =>
      (Object.keys(figures) as Config[]).map((c) => `${c} ${figures[c][k][round]!.toFixed(0)}`).join(", ");
    console.log(
      `round ${round + 1}, backend CPU us per payment: client loop ${line("client")}; server loop ${line("server")}`,
    );
  }
  await old.client.end();
  await latest.client.end();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const summary = (k: "client" | "server") =>
    Object.fromEntries(
      (Object.keys(figures) as Config[]).map((c) => [
        c,
        { median: Math.round(median(figures[c][k])), rounds: figures[c][k].map((x) => Math.round(x)) },
      ]),
    );
  const client = summary("client");
  const server = summary("server");
  const triggers = (s: typeof client) => ({
    before: s.before!.median - s.none!.median,
    latest: s.latest!.median - s.none!.median,
  });
  const result = {
    date: new Date().toISOString(),
    unit: "PostgreSQL backend CPU microseconds per payment write set",
    before_is: `migrations before ${SINCE}`,
    experiment: EXPERIMENT ?? null,
    rounds: ROUNDS,
    load_average: os.loadavg().map((x) => Number(x.toFixed(2))),
    client_loop: { payments_per_round: PAYMENTS, ...client, triggers: triggers(client) },
    server_loop: { payments_per_round: SERVER_PAYMENTS, ...server, triggers: triggers(server) },
  };
  console.log(JSON.stringify(result, null, 2));
  if (!EXPERIMENT)
    fs.writeFileSync(
      new URL("./results/triggers.json", import.meta.url),
      `${JSON.stringify(result, null, 2)}\n`,
    );
}
