import { BULK_FILE_MAX_BYTES, bulkInvoicesApi } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { bulkTemplate } from "./bulk-invoices.file.ts";
import {
  type BulkCaller,
  fixRows,
  previewUpload,
  startBulkSendWorker,
  submitUpload,
  uploadDetails,
  uploadHistory,
} from "./bulk-invoices.service.ts";
import { invoiceIntegrations } from "./invoices.repository.ts";

/** The uploaded file travels as base64 in JSON: a third more than the file, and the body's other fields. */
const PREVIEW_BODY_LIMIT = Math.ceil((BULK_FILE_MAX_BYTES * 4) / 3) + 16 * 1024;

function callerOf(request: FastifyRequest): BulkCaller {
  const user = requireUser(request);
  return { merchantId: requireMerchantId(request), userId: user.id, username: user.username };
}

/** Bulk invoices (contracts: packages/domain/src/api/bulk-invoices.ts; docs/selling.md). */
export async function bulkInvoiceRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  // The sending job's worker, on the payment core's pg-boss once the process listens (as the exports' worker).
  let worker: { stop(): Promise<void> } | undefined;
  app.addHook("onListen", async () => {
    worker = await startBulkSendWorker(rt, { smtp: app.deps.config.smtpUrl !== undefined }, app.log);
  });
  app.addHook("onClose", async () => {
    await worker?.stop();
  });
  app.addHook("onRoute", (route) => {
    if (route.url === bulkInvoicesApi.preview.path) route.bodyLimit = PREVIEW_BODY_LIMIT;
  });

  implement(app, bulkInvoicesApi.template, async (request, reply) => {
    const merchantId = requireMerchantId(request);
    const [first] = await invoiceIntegrations(rt.db, merchantId, request.query.is_live);
    const format = request.query.format;
    const file = await bulkTemplate(format, first?.id);
    return reply
      .header(
        "content-type",
        format === "csv"
          ? "text/csv; charset=utf-8"
          : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      )
      .header("content-disposition", `attachment; filename="bulk-invoices-template.${format}"`)
      .header("cache-control", "no-store")
      .send(file);
  });

  implement(app, bulkInvoicesApi.list, async (request) =>
    uploadHistory(rt.db, requireMerchantId(request), request.query.page, request.query.page_size),
  );

  implement(app, bulkInvoicesApi.preview, async (request, reply) =>
    reply.code(201).send(await previewUpload(rt.db, callerOf(request), request.body)),
  );

  implement(app, bulkInvoicesApi.details, async (request) =>
    uploadDetails(rt.db, requireMerchantId(request), request.params.id),
  );

  implement(app, bulkInvoicesApi.fixRows, async (request) =>
    fixRows(rt.db, requireMerchantId(request), request.params.id, request.body.rows),
  );

  implement(app, bulkInvoicesApi.submit, async (request) =>
    submitUpload(rt, callerOf(request), request.params.id),
  );
}
