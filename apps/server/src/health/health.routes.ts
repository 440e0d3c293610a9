import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";

/** Liveness answers without touching the database; readiness proves the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    {
      schema: { tags: ["health"], response: { 200: z.object({ status: z.literal("ok") }) } },
      config: { public: true },
    },
    async () => ({ status: "ok" as const }),
  );
  app.get(
    "/readyz",
    {
      schema: {
        tags: ["health"],
        response: {
          200: z.object({ status: z.literal("ready"), database: z.enum(["pglite", "postgres"]) }),
          503: z.object({ status: z.literal("unavailable") }),
        },
      },
      config: { public: true },
    },
    async (_req, reply) => {
      try {
        await sql`select 1`.execute(app.deps.database.db);
        return { status: "ready" as const, database: app.deps.database.kind };
      } catch {
        return reply.code(503).send({ status: "unavailable" as const });
      }
    },
  );
};
