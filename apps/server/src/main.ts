import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { ensureDemoData, printDemoSummary } from "./demo/demo.ts";

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
// Without SMTP_URL e-mails (reset and reactivation links) are kept and shown on the mailbox page.
const mailbox = config.smtpUrl ? "" : `   Local mailbox: ${config.publicUrl}/portal2/en/mailbox`;
console.log(`API documentation: ${config.publicUrl}/api/docs${mailbox}`);
if (demo) printDemoSummary(demo, config);
