import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import mantinePreset from "postcss-preset-mantine";
import { defineConfig, type Plugin } from "vite";
import { type CataloguePart, pickPart } from "./src/i18n/catalogueParts.ts";
import { isLang } from "./src/i18n/language.ts";

const ROOT = fileURLToPath(new URL(".", import.meta.url));
const SIGN_IN_PAGE = fileURLToPath(new URL("src/auth/login/LoginPage.tsx", import.meta.url));

/**
 * "virtual:i18n/<lang>-<part>": the sections of src/i18n/<lang>.json that belong to the part (start: the sign-in
 * page's; rest: the others), so the sign-in page downloads only its own texts (src/i18n/catalogueParts.ts).
 */
function catalogueParts(): Plugin {
  const PREFIX = "virtual:i18n/";
  return {
    name: "portal-catalogue-parts",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [lang, part] = id.slice(PREFIX.length + 1).split("-");
      if (!isLang(lang) || (part !== "start" && part !== "rest"))
        return this.error(`unknown catalogue part ${id}`);
      const file = fileURLToPath(new URL(`src/i18n/${lang}.json`, import.meta.url));
      this.addWatchFile(file);
      const texts = pickPart(JSON.parse(fs.readFileSync(file, "utf8")), part as CataloguePart);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}

/**
 * Writes .vite/chunks.json: for every JavaScript file of the build, the source modules in it (relative to
 * apps/web) and the files it imports statically. scripts/check-budgets.mjs finds the sign-in page's files by the
 * modules they hold, whatever the chunk names.
 */
function chunkModules(): Plugin {
  return {
    name: "portal-chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, { isEntry: boolean; imports: string[]; modules: string[] }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = {
          isEntry: output.isEntry,
          imports: output.imports,
          // Our files relative to apps/web (src/main.tsx), virtual modules by name (virtual:i18n/en-start).
          modules: output.moduleIds
            .filter((id) => !id.includes("node_modules"))
            .map((id) => (path.isAbsolute(id) ? path.relative(ROOT, id) : id.replace(/^\0/, "")))
            .sort(),
        };
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/chunks.json",
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

/**
 * The dashboard SPA, served by the server under /portal2/ (index.html for every /portal2/* path).
 * `npm run dev -w @portal/web` proxies /api to a server on :8080.
 */
export default defineConfig({
  base: "/portal2/",
  plugins: [react(), catalogueParts(), chunkModules()],
  css: { postcss: { plugins: [mantinePreset()] } },
  server: {
    port: 5173,
    proxy: { "/api": { target: process.env.API_URL ?? "http://localhost:8080", changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // scripts/check-budgets.mjs reads the manifest to measure the sign-in screen's JavaScript.
    manifest: true,
    // Browsers of the es2022 target preload modules themselves (without it they only skip the preload).
    // Each lazy import carries the list of the files its chunk imports, for preloading, and every list sits in
    // the entry: with 48 lazy screens that was about 4 KB of the sign-in page's 150 KB budget. Only the sign-in
    // page and the dashboard's layout keep theirs (the first screens a user waits for); a screen's chunk loads its
    // own imports when it runs (the router also loads a screen's chunk when a link is hovered).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        /(^|\/)(sign-in|DashboardLayout)-/.test(filename) ? deps : [],
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is needed before any page shows: one file.
            { name: "start", tags: ["$initial"], priority: 2 },
            // The sign-in page: our modules it imports statically that the entry does not (the library modules
            // they use follow them). One file instead of a dozen small shared ones saves their import/export
            // glue and compresses better; the other pages load it too, as they use the same inputs.
            { name: signInChunk(), priority: 1 },
          ],
        },
      },
    },
  },
});

/** The chunk-naming function of the sign-in group: our modules reachable by static imports from the page. */
function signInChunk() {
  let members: Set<string> | undefined;
  return (id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
    if (!members) {
      members = new Set();
      const stack = [SIGN_IN_PAGE];
      while (stack.length > 0) {
        const next = stack.pop() as string;
        if (members.has(next) || next.includes("node_modules")) continue;
        const info = ctx.getModuleInfo(next);
        if (!info) continue;
        members.add(next);
        stack.push(...info.importedIds);
      }
    }
    return members.has(id) ? "sign-in" : null;
  };
}
