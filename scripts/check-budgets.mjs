#!/usr/bin/env node
// Checks the size budgets of issue 2 from the build output: the JavaScript a browser downloads before the sign-in
// page (dashboard) or the payment page (checkout) can show, gzipped. Sizes, not timings.
//
// A first screen is the entry chunk plus the lazily loaded modules that page needs before it shows, each with
// every chunk it imports statically. The modules are named by their source path and looked up in the build:
// apps/web writes .vite/chunks.json (the modules in every chunk, see apps/web/vite.config.ts), so a module is
// found whatever chunk it was merged into; otherwise Vite's manifest (whose keys are the lazily loaded modules).
// A listed module that is not in the build fails the check: rename it here when the page moves.
// `--json` prints the files and sizes instead (e2e/journeys/first-screen.test.ts compares them with what a
// browser really downloads).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const SIGN_IN_ROUTE = "src/auth/login/LoginPage.tsx"; // lazily loaded by the login route of routes/router.tsx

const budgets = [
  {
    app: "apps/web",
    limitKb: 150,
    // /portal2/{lang}/login: main.tsx awaits the start part of the page's language catalogue (i18n/i18n.ts,
    // i18n/catalogueParts.ts) before the first render, then the router loads the sign-in route. Toasts
    // (app/toast.ts) load with the first toast.
    screens: {
      "login (en)": [SIGN_IN_ROUTE, "virtual:i18n/en-start"],
      "login (ar)": [SIGN_IN_ROUTE, "virtual:i18n/ar-start"],
    },
  },
  { app: "apps/checkout", limitKb: 80, screens: { "payment page": [] } },
];

/** The build's JavaScript files: their static imports, whether they are entries, and the modules they hold. */
function readBuild(dist) {
  const chunksFile = path.join(dist, ".vite", "chunks.json");
  if (fs.existsSync(chunksFile)) {
    const chunks = JSON.parse(fs.readFileSync(chunksFile, "utf8"));
    return Object.entries(chunks).map(([file, c]) => ({
      file,
      isEntry: c.isEntry,
      imports: c.imports,
      modules: c.modules,
    }));
  }
  const manifestFile = path.join(dist, ".vite", "manifest.json");
  if (!fs.existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  return Object.entries(manifest).map(([key, c]) => ({
    file: c.file,
    isEntry: c.isEntry === true,
    imports: (c.imports ?? []).map((imp) => manifest[imp]?.file).filter(Boolean),
    modules: c.src ? [c.src] : [key],
  }));
}

const asJson = process.argv.includes("--json");
const log = asJson ? () => undefined : console.log;
const report = {};
let failed = false;
for (const { app, limitKb, screens } of budgets) {
  // PORTAL_DIST: another build folder of the apps (docs/e2e.md), as the server and the journeys read it.
  const dist = path.join(app, process.env.PORTAL_DIST || "dist");
  const build = readBuild(dist);
  if (!build) {
    console.error(`FAIL ${app}: no build manifest in ${dist}/.vite; run npm run build first`);
    failed = true;
    continue;
  }
  const byFile = new Map(build.map((chunk) => [chunk.file, chunk]));
  for (const [screen, modules] of Object.entries(screens)) {
    const files = new Set();
    const visit = (file) => {
      if (files.has(file)) return;
      files.add(file);
      for (const imp of byFile.get(file)?.imports ?? []) visit(imp);
    };
    for (const chunk of build) if (chunk.isEntry) visit(chunk.file);
    for (const module of modules) {
      const chunk = build.find((c) => c.modules.includes(module));
      if (chunk) visit(chunk.file);
      else {
        console.error(
          `FAIL ${app} ${screen}: ${module} is not in the build; update scripts/check-budgets.mjs`,
        );
        failed = true;
      }
    }
    let total = 0;
    const rows = [];
    const sizes = {};
    for (const file of files) {
      if (!file.endsWith(".js")) continue;
      const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
      total += size;
      sizes[file] = size;
      rows.push(`    ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
    }
    const kb = total / 1024;
    const ok = kb <= limitKb;
    if (!ok) failed = true;
    report[app] = { ...report[app], [screen]: { ok, kb: Number(kb.toFixed(1)), limitKb, files: sizes } };
    log(
      `${ok ? "ok  " : "FAIL"} ${app} ${screen}: first-screen JavaScript ${kb.toFixed(1)} KB gzipped (budget ${limitKb} KB)`,
    );
    for (const row of rows) log(row);
  }
}
if (asJson) console.log(JSON.stringify(report, null, 2));
process.exit(failed ? 1 : 0);
