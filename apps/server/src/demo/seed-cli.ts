import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openPglite, openPostgres } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadDataKey } from "../security/keys.ts";
import { BENCH_USERNAME, bulkSeed, ensureBenchMerchant } from "./bulk.ts";
import { ensureDemoData, printDemoSummary, writeCredentials } from "./demo.ts";

/**
 * `npm run seed -- --transactions N [--database-url URL] [--seed S] [--demo | --no-demo]`
 *
 * Adds N transactions (payments with their orders, about 3% refunds) to the big bench merchant
 * "merchant.bench" (created on first use, keys written to DATA_DIR/bench-credentials.json). The target is
 * --database-url, else DATABASE_URL, else the embedded database in DATA_DIR. The demo data is created first
 * when the database has no users, unless --no-demo; with an explicit --database-url only when --demo is given,
 * so seeding a throwaway database never overwrites DATA_DIR/demo-credentials.json of the real one.
 */

const USAGE =
  "usage: npm run seed -- --transactions N [--database-url URL] [--seed S] [--demo | --no-demo] [--now ISO]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    transactions: { type: "string", short: "n" },
    "database-url": { type: "string" },
    seed: { type: "string" },
    now: { type: "string" },
    demo: { type: "boolean" },
    "no-demo": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const transactions = Number((values.transactions ?? "").replace(/_/g, ""));
if (!values.transactions || !Number.isSafeInteger(transactions) || transactions < 0)
  fail("--transactions must be a whole number");
const seed = values.seed === undefined ? 1 : Number(values.seed);
if (!Number.isSafeInteger(seed) || seed < 0 || seed > 1_000_000) fail("--seed must be a whole number");
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) fail("--now must be an ISO date");

const config = loadConfig();
const explicitUrl = values["database-url"];
const databaseUrl = explicitUrl ?? config.databaseUrl;
const withDemo = values["no-demo"] ? false : values.demo ? true : explicitUrl === undefined;

const database = databaseUrl
  ? await openPostgres(databaseUrl, 2)
  : await openPglite(path.join(config.dataDir, "db"));
try {
  await migrateToLatest(database.db);
  const where = database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  if (withDemo) {
    const demo = await ensureDemoData(database, config);
    if (demo?.created) printDemoSummary(demo, config);
  }
  const dataKey = loadDataKey(config.dataDir);
  const credentialsFile = path.join(config.dataDir, "bench-credentials.json");
  // Keys are stored hashed: if the file that holds them is gone, issue new ones rather than lose access.
  const bench = await ensureBenchMerchant(database.db, dataKey, now, {
    reissueKeys: !fs.existsSync(credentialsFile),
  });
  if (bench.credentials) {
    writeCredentials(credentialsFile, bench.credentials);
    const what = bench.created ? "Created" : "New keys for";
    console.log(
      `${what} ${BENCH_USERNAME} (merchant ${bench.merchantId}): password and keys in ${credentialsFile}.`,
    );
  }
  const count = (v: number) => v.toLocaleString("en");
  console.log(`Seeding ${count(transactions)} transactions for ${BENCH_USERNAME} into the ${where}...`);
  const result = await bulkSeed(database.db, bench, {
    transactions,
    seed,
    now,
    onProgress: (p) => {
      const rate = p.totalTransactions / Math.max(0.001, p.elapsedMs / 1000);
      console.log(
        `  ${p.month}: ${count(p.transactions)} payments; ${count(p.totalTransactions)} transactions so far, ${count(Math.round(rate))} rows/s`,
      );
    },
  });
  const seconds = result.elapsedMs / 1000;
  const rows = result.payments + result.refunds;
  console.log(
    `Done: ${count(rows)} transactions (${count(result.refunds)} refunds), ${count(result.orders)} orders, ${count(result.customers)} customers in ${seconds.toFixed(1)} s (${count(Math.round(rows / Math.max(seconds, 0.001)))} transactions/s).`,
  );
} finally {
  await database.close();
}
