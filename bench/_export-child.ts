import fs from "node:fs";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { runExport } from "../apps/server/src/exports/exports.service.ts";

/**
 * One export job in a fresh process (bench/transactions.ts starts it once per export size), so every size is
 * measured from the same starting point: the server's export code (runExport, as the pg-boss worker calls it)
 * against the bench database. Answers one JSON line: seconds, RSS before, peak RSS (the kernel's high-water
 * mark VmHWM, reset just before the export, so no short peak is missed between samples) and RSS every 100 ms.
 *
 * Usage: tsx bench/_export-child.ts <database url> <data dir> <export id>
 */
const [url, dataDir, id] = process.argv.slice(2);
if (!url || !dataDir || !id) throw new Error("usage: _export-child.ts <database url> <data dir> <export id>");

const kb = (field: string): number => {
  const line = fs
    .readFileSync("/proc/self/status", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, "") ?? 0);
};

const db = await openPostgres(url, 2);
try {
  // Connect and load everything once, so the figures are the export's, not start-up's.
  await db.db.selectFrom("exports").select("id").where("id", "=", Number(id)).executeTakeFirstOrThrow();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  // Resets the high-water mark to the current RSS (Linux: "5" to clear_refs), so start-up peaks do not count.
  let peakReset = true;
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    peakReset = false;
  }
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBeforeKb = kb("VmRSS");
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(process.memoryUsage().rss), 100);
  const started = performance.now();
  await runExport(db.db, dataDir, Number(id));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  const peakKb = kb("VmHWM");
  // What the export left behind: the live heap after a full collection (the bench passes --expose-gc).
  gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  process.stdout.write(
    `${JSON.stringify({
      seconds,
      rss_before_kb: rssBeforeKb,
      rss_peak_kb: peakKb,
      heap_before_mb: gc ? Math.round(heapBefore / 104857.6) / 10 : null,
      heap_after_gc_mb: gc ? Math.round(heapAfter / 104857.6) / 10 : null,
      peak_reset: peakReset,
      rss_samples_mb: samples.map((b) => Math.round(b / 1048576)),
    })}\n`,
  );
} finally {
  await db.close();
}
