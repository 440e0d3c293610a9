import { defineConfig } from "vite";
import { devApi } from "./mock/dev-api.ts";

/**
 * The customer-facing payment pages: a small bundle of their own, served by the server under /checkout/.
 * The code is written against React's API and bundled with Preact's compatibility layer (docs/adr/0003), which
 * keeps the first screen far under its 80 KB budget; Vite's own JSX transform emits the automatic runtime.
 */
export default defineConfig({
  base: "/checkout/",
  plugins: [devApi()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
    ],
  },
  // No modulepreload polyfill: every browser this targets preloads modules natively.
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    manifest: true,
    modulePreload: { polyfill: false },
  },
});
