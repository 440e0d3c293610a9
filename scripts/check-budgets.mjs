#!/usr/bin/env node
// Checks the size budgets of issue 2 from the build output: the JavaScript a browser must load before the
// sign-in page (dashboard) or the payment page (checkout) can show, gzipped. Sizes, not timings.
// It reads Vite's manifest: the entry chunk, every chunk it imports statically, and the chunks of the
// listed route modules that are loaded lazily on that first screen.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const budgets = [
  {
    app: "apps/web",
    limitKb: 150,
    // Route modules the sign-in screen loads lazily at once (their static imports count too).
    firstScreen: (key) => /(^|\/)(login|auth)\//i.test(key) && /login/i.test(key),
  },
  { app: "apps/checkout", limitKb: 80, firstScreen: () => false },
];

let failed = false;
for (const { app, limitKb, firstScreen } of budgets) {
  const dist = path.join(app, "dist");
  const manifestFile = path.join(dist, ".vite", "manifest.json");
  if (!fs.existsSync(manifestFile)) {
    console.error(`${app}: no build manifest at ${manifestFile}; run npm run build first`);
    failed = true;
    continue;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || firstScreen(key)) visit(key);
  }
  let total = 0;
  const rows = [];
  for (const file of files) {
    if (!file.endsWith(".js")) continue;
    const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    total += size;
    rows.push(`    ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  const kb = total / 1024;
  const ok = kb <= limitKb;
  if (!ok) failed = true;
  console.log(
    `${ok ? "ok  " : "FAIL"} ${app}: first-screen JavaScript ${kb.toFixed(1)} KB gzipped (budget ${limitKb} KB)`,
  );
  for (const row of rows) console.log(row);
}
process.exit(failed ? 1 : 0);
