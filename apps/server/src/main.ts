import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { credentialsPath, ensureDemoData, printDemoSummary } from "./demo/demo.ts";
import { mailboxKey } from "./mail/mailbox-key.ts";

const config = loadConfig();
const database = await openDatabase({ ...config, poolSize: config.databasePoolSize });
await migrateToLatest(database.db);
const demo = config.demoData ? await ensureDemoData(database, config) : undefined;
const app = await buildApp({ config, database });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, "shutting down");
  await app.close();
  await database.close();
  process.exit(0);
};
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
const where =
  database.kind === "pglite" ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
console.log(
  `\nPortal is running on ${where}.\nOpen ${config.publicUrl}/portal2/en/login (Arabic: ${config.publicUrl}/portal2/ar/login)`,
);
console.log(`API documentation: ${config.publicUrl}/api/docs`);
if (demo) printDemoSummary(demo, config);
// Without SMTP_URL e-mails (reset and reactivation links) are kept for the mailbox page, which needs this key.
if (config.mailbox)
  console.log(
    `\nLocal mailbox: ${config.publicUrl}/portal2/en/mailbox  key: ${mailboxKey(app.payments.dataKey)} (also in ${credentialsPath(config)}; local use only)`,
  );
