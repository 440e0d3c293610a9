import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { type ExportFormat, type ExportKind, exportsApi, type PermissionName } from "@portal/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type PgBoss from "pg-boss";
import { authError, hasPermission, requireUser } from "../auth/auth.hook.ts";
import type { ExportRow } from "../db/rows.ts";
import type { DB } from "../db/schema.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import type { Scope } from "../transactions/scope.ts";
import { findExport, listExports, updateExport } from "./exports.repository.ts";
import { createExport, DOWNLOAD_FAILED, EXPORT_QUEUE, exportFile, exportItem } from "./exports.service.ts";

/** Exporting a list needs the permission to view that list (the spec names no export permission of its own). */
export const EXPORT_PERMISSION = {
  transactions: "can view transactions",
  orders: "can view orders",
  merchants: "can view merchants",
} as const satisfies Record<ExportKind, PermissionName>;

/** The kinds of export the caller may start and see; 403 when none. */
export function exportKindsOf(request: FastifyRequest): ExportKind[] {
  const user = requireUser(request);
  const kinds = (Object.keys(EXPORT_PERMISSION) as ExportKind[]).filter(
    // The merchants export is a bank's (its merchants summary, docs/backoffice.md).
    (k) => hasPermission(user, EXPORT_PERMISSION[k]) && (k !== "merchants" || user.bank_id !== null),
  );
  if (kinds.length === 0) throw authError(403, "forbidden");
  return kinds;
}

/** Merchants (and their staff) export their own rows; bank users their bank's merchants' rows. */
export function exportScopeOf(request: FastifyRequest): Scope {
  const user = requireUser(request);
  if (user.merchant_id !== null && user.profile_type !== "Terminal")
    return { kind: "merchant", merchantId: user.merchant_id, terminalId: null };
  if (user.bank_id !== null) return { kind: "bank", bankId: user.bank_id };
  throw new HttpError(403, "forbidden", "You do not have permission to view this page.");
}

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;
  const dataDir = app.deps.config.dataDir;
  let queue: Promise<PgBoss> | undefined;
  // The process's pg-boss instance (rt.jobs, one per process), with our queue created once.
  const boss = () => {
    queue ??= rt.jobs.ready().then(async (b) => {
      await b.createQueue(EXPORT_QUEUE);
      return b;
    });
    return queue;
  };
  const own = async (request: FastifyRequest, id: number) => {
    const scope = exportScopeOf(request);
    const row = await findExport(db, scope, exportKindsOf(request), id);
    if (!row) throw new HttpError(404, "not_found", "Not found.");
    return row;
  };

  // Which permission depends on the body's kind (EXPORT_PERMISSION), checked here.
  implement(app, exportsApi.create, async (request, reply) => {
    if (!exportKindsOf(request).includes(request.body.kind)) throw authError(403, "forbidden");
    const scope = exportScopeOf(request);
    const item = await createExport(rt.database, await boss(), scope, requireUser(request).id, request.body);
    return reply.code(201).send(item);
  });

  implement(app, exportsApi.list, async (request) => {
    const scope = exportScopeOf(request);
    const { count, rows } = await listExports(db, scope, exportKindsOf(request), {
      page: request.query.page,
      pageSize: request.query.page_size,
    });
    return {
      count,
      page: request.query.page,
      page_size: request.query.page_size,
      results: rows.map(exportItem),
    };
  });

  // The export kind's view permission, in own().
  implement(app, exportsApi.details, async (request) => exportItem(await own(request, request.params.id)));

  implement(app, exportsApi.download, async (request, reply) =>
    sendExportFile(db, dataDir, await own(request, request.params.id), request.query.format, reply),
  );
}

/**
 * Sends a finished export's (or report's) file and marks it downloaded; not finished or missing: 409 or 404 with
 * the spec's 'Download Failed' message.
 */
export async function sendExportFile(
  db: Kysely<DB>,
  dataDir: string,
  row: NonNullable<ExportRow>,
  format: ExportFormat,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (row.job_state !== "done") throw new HttpError(409, "export_not_ready", DOWNLOAD_FAILED);
  const file = exportFile(dataDir, row.id, format);
  const info = await stat(file).catch(() => undefined);
  if (!info) throw new HttpError(404, "export_missing", DOWNLOAD_FAILED);
  await updateExport(db, row.id, { state: "downloaded", downloaded_at: new Date() });
  const type =
    format === "csv"
      ? "text/csv; charset=utf-8"
      : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  return reply
    .header("content-type", type)
    .header("content-length", info.size)
    .header("content-disposition", `attachment; filename="${row.kind}-${row.id}.${format}"`)
    .send(createReadStream(file));
}
