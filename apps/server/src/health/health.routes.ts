import { configApi } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { ping } from "../db/database.ts";
import { implement } from "../http/contract-routes.ts";

/** Liveness answers without touching the database; readiness proves the database answers. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  implement(app, configApi.healthz, () => ({ status: "ok" as const }));
  implement(app, configApi.readyz, async (_request, reply) => {
    try {
      await ping(app.deps.database.db);
      return { status: "ready" as const, database: app.deps.database.kind };
    } catch {
      return reply.code(503).send({ status: "unavailable" as const });
    }
  });
};
