import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import mantinePreset from "postcss-preset-mantine";
import { defineConfig, type Plugin } from "vite";

const ROOT = fileURLToPath(new URL(".", import.meta.url));
const SIGN_IN_PAGE = fileURLToPath(new URL("src/auth/login/LoginPage.tsx", import.meta.url));

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
          modules: output.moduleIds
            .filter((id) => id.startsWith(ROOT))
            .map((id) => id.slice(ROOT.length))
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
  plugins: [react(), chunkModules()],
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
    modulePreload: { polyfill: false },
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
