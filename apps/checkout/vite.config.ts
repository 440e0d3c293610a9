import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The customer-facing payment pages: a small bundle of their own, served by the server under /checkout/. */
export default defineConfig({
  base: "/checkout/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", manifest: true },
});
