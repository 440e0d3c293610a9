import react from "@vitejs/plugin-react";
import mantinePreset from "postcss-preset-mantine";
import { defineConfig } from "vite";

/**
 * The dashboard SPA, served by the server under /portal2/ (index.html for every /portal2/* path).
 * `npm run dev -w @portal/web` proxies /api to a server on :8080.
 */
export default defineConfig({
  base: "/portal2/",
  plugins: [react()],
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
  },
});
