import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { devApi } from "./mock/dev-api.ts";

/** The customer-facing payment pages: a small bundle of their own, served by the server under /checkout/. */
export default defineConfig({
  base: "/checkout/",
  plugins: [react(), devApi()],
  // No modulepreload polyfill: every browser this targets preloads modules natively.
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    manifest: true,
    modulePreload: { polyfill: false },
  },
});
