import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { repoRoot, startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** One server for every journey: embedded database in a fresh folder, demo data, the built web apps. */
export default async function setup(project: TestProject) {
  // PORTAL_DIST: the build folder inside each app (default dist), as the server reads it (docs/e2e.md).
  const dist = process.env.PORTAL_DIST || "dist";
  for (const app of [`apps/web/${dist}/index.html`, `apps/checkout/${dist}/index.html`]) {
    if (!fs.existsSync(path.join(repoRoot, app)))
      throw new Error(`${app} is missing: run npm run build before the journeys`);
  }
  const server = await startServer();
  project.provide("baseUrl", server.url);
  project.provide("dataDir", server.dataDir);
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
