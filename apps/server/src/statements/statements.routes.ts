import {
  STATEMENT_MESSAGES,
  STATEMENT_SERVICE_NAME,
  type StatementItem,
  type StatementSubscription,
  statementsApi,
} from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { merchantScopeOf, notFoundError } from "../transactions/scope.ts";
import { statementPdf, statementXlsx } from "./statement-files.ts";
import {
  findStatement,
  findSubscription,
  listStatements,
  markDownloaded,
  saveSubscription,
} from "./statements.repository.ts";

/** The one statements service of a merchant (the spec's services call answers a list of these). */
export const STATEMENT_SERVICE_ID = 1;

/** A merchant's own statements (its owner and staff with "can view reports"); terminal users have none. */
function statementMerchant(request: FastifyRequest): number {
  const scope = merchantScopeOf(request);
  if (scope.kind !== "merchant" || scope.terminalId !== null)
    throw new HttpError(403, "forbidden", "You do not have permission to view this page.");
  return scope.merchantId;
}

const subscription = (active: boolean): StatementSubscription => ({
  service_id: STATEMENT_SERVICE_ID,
  service_name: STATEMENT_SERVICE_NAME,
  active,
});

export async function statementRoutes(app: FastifyInstance): Promise<void> {
  const db = app.payments.db;

  implement(app, statementsApi.list, async (request) => {
    const merchantId = statementMerchant(request);
    const { page, page_size } = request.query;
    const { count, rows } = await listStatements(db, merchantId, page, page_size);
    return {
      count,
      page,
      page_size,
      results: rows.map(
        (r): StatementItem => ({
          id: Number(r.id),
          month: r.month,
          statement_date: new Date(r.period_end).toISOString(),
          time_zone: r.time_zone,
          is_new: r.downloaded_at === null,
          downloaded_at: r.downloaded_at ? new Date(r.downloaded_at).toISOString() : null,
          currencies: r.figures,
        }),
      ),
    };
  });

  implement(app, statementsApi.download, async (request, reply) => {
    const merchantId = statementMerchant(request);
    const row = await findStatement(db, merchantId, request.params.id);
    if (!row) throw notFoundError();
    const { format, lang } = request.query;
    const doc = {
      id: Number(row.id),
      month: row.month,
      merchant_name: row.company_name,
      merchant_id: Number(row.merchant_id),
      time_zone: row.time_zone,
      created_at: new Date(row.created_at),
      figures: row.figures,
    };
    let file: Buffer;
    try {
      file = format === "pdf" ? await statementPdf(doc, lang) : await statementXlsx(doc, lang);
    } catch (error) {
      request.log.error(
        { err: { message: error instanceof Error ? error.message : String(error) }, statement: row.id },
        "statement file failed",
      );
      throw new HttpError(500, "statement_failed", STATEMENT_MESSAGES.downloadFailed);
    }
    await markDownloaded(db, merchantId, row.id);
    const type =
      format === "pdf"
        ? "application/pdf"
        : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    return reply
      .header("content-type", type)
      .header("content-length", file.length)
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", `attachment; filename="statement-${row.month}-${lang}.${format}"`)
      .send(file);
  });

  implement(app, statementsApi.subscription, async (request) =>
    subscription(await findSubscription(db, statementMerchant(request))),
  );

  implement(app, statementsApi.subscribe, async (request) => {
    const merchantId = statementMerchant(request);
    await saveSubscription(db, merchantId, request.body.active, requireUser(request).id);
    return subscription(request.body.active);
  });
}
