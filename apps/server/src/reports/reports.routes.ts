import { reportsApi } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type PgBoss from "pg-boss";
import { authError, hasPermission, requireUser } from "../auth/auth.hook.ts";
import { findExport, listExports } from "../exports/exports.repository.ts";
import { exportScopeOf, sendExportFile } from "../exports/exports.routes.ts";
import { EXPORT_QUEUE } from "../exports/exports.service.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { createReport, enqueueStrandedReports, reportItem, reportTypesOf } from "./reports.service.ts";

/** The reports' routes: ask for one, the summary table, download. Merchants see their own, banks their bank's. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;
  const dataDir = app.deps.config.dataDir;
  let queue: Promise<PgBoss> | undefined;
  const boss = () => {
    queue ??= rt.jobs.ready().then(async (b) => {
      await b.createQueue(EXPORT_QUEUE);
      return b;
    });
    return queue;
  };
  const callerOf = (request: FastifyRequest) => {
    const user = requireUser(request);
    const scope = exportScopeOf(request);
    return { user, scope, types: reportTypesOf(scope, (p) => hasPermission(user, p)) };
  };

  // Reports written before the job queue existed (the demo's Pending ones) get their job once a process listens.
  app.addHook("onListen", async () => {
    try {
      await enqueueStrandedReports(rt.database, await boss());
    } catch (error) {
      app.log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "reports not enqueued",
      );
    }
  });

  // "can view reports" in the contract; the type's own view permission here (REPORT_PERMISSION).
  implement(app, reportsApi.create, async (request, reply) => {
    const { user, scope, types } = callerOf(request);
    if (!types.includes(request.body.type)) throw authError(403, "forbidden");
    const item = await createReport(rt.database, await boss(), scope, user.id, request.body);
    return reply.code(201).send(item);
  });

  implement(app, reportsApi.list, async (request) => {
    const { scope, types } = callerOf(request);
    const { count, rows } = await listExports(
      db,
      scope,
      types,
      { page: request.query.page, pageSize: request.query.page_size },
      "report",
    );
    return {
      count,
      page: request.query.page,
      page_size: request.query.page_size,
      results: rows.map(reportItem),
    };
  });

  implement(app, reportsApi.download, async (request, reply) => {
    const { scope, types } = callerOf(request);
    const row = await findExport(db, scope, types, request.params.id, "report");
    if (!row) throw new HttpError(404, "not_found", "Not found.");
    return sendExportFile(db, dataDir, row, request.query.format, reply);
  });
}
