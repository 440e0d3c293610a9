import { defineConfig } from "vitest/config";

/**
 * Browser journeys: one portal server (embedded database, demo data) for the whole run, started by the global
 * setup; files run one after another because they share it and the machine has two cores.
 */
export default defineConfig({
  test: {
    include: ["journeys/**/*.test.ts"],
    globalSetup: ["./support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
