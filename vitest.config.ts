import { defineConfig } from "vitest/config";

/** Unit and server integration tests; browser journeys live in e2e/ with their own config. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The run's migrated database templates: each suite copies one instead of migrating (docs/testing.md).
          globalSetup: ["src/test/global-setup.ts"],
          // The tests' callback receivers listen on 127.0.0.1 (address-guard.test.ts checks the default).
          env: { CALLBACK_ALLOW_PRIVATE_NETWORKS: "true" },
        },
      },
      { test: { name: "web", root: "apps/web", include: ["src/**/*.test.ts"] } },
      {
        // Component tests: the shared list kit and the screens' pieces, rendered in a DOM with Testing Library.
        test: {
          name: "web-components",
          root: "apps/web",
          include: ["src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
          // One module graph per worker (React, Mantine, the catalogues load once): the files share nothing else.
          isolate: false,
        },
        resolve: {
          alias: [{ find: /^virtual:i18n\/.*$/, replacement: "/src/test/catalogueStub.ts" }],
        },
      },
      { test: { name: "checkout", root: "apps/checkout", include: ["src/**/*.test.ts"] } },
    ],
  },
});
