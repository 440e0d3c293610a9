import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";

/**
 * The real app over a test database, quiet and without the built web apps. `env` overrides configuration
 * (e.g. { SMTP_URL: "smtp://localhost" }). Register extra test-only routes before the first inject.
 */
export async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  return buildApp({ config: loadConfig({ SERVE_WEB: "false", ...env }), database }, { logger: false });
}
