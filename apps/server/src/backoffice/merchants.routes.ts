import { merchantsApi, type PartnerMerchant } from "@portal/domain";
import ExcelJS from "exceljs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { documentBytes } from "../activation/activation.service.ts";
import { authError, requireBankId, requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { safeCell } from "../exports/cells.ts";
import { implement } from "../http/contract-routes.ts";
import { notFoundError } from "../transactions/scope.ts";
import {
  findBankDocument,
  findOwnDocument,
  listBankMerchants,
  listPartnerMerchants,
  merchantOverview,
  successfulCounts,
} from "./merchants.repository.ts";
import {
  type ActionContext,
  act,
  addComment,
  addMerchant,
  approve,
  deactivate,
  documents,
  edit,
  fullEdit,
  listItem,
  merchantDetails,
  productApproval,
  reject,
  requireBankMerchant,
  stageOf,
  suspicious,
} from "./merchants.service.ts";

/**
 * The bank's back-office on its merchants (contracts: packages/domain/src/api/merchants.ts; docs/backoffice.md).
 * Every route takes the caller's bank (requireBankId: 403 for anyone else) and reaches that bank's merchants only:
 * another bank's merchant answers 404 to reads and actions alike.
 */
export async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;
  const mail = { db, config: app.deps.config };

  const ctxOf = (request: FastifyRequest): ActionContext => ({
    database: rt.database,
    user: requireUser(request),
    bankId: requireBankId(request),
  });
  const detailsOf = async (bankId: number, id: number) => {
    const m = await requireBankMerchant(db, bankId, id);
    const counts = await successfulCounts(db, [m.id]);
    return merchantDetails(db, m, counts.get(Number(m.id)) ?? 0);
  };

  implement(app, merchantsApi.list, async (request) => {
    const query = request.query;
    const { rows, count } = await listBankMerchants(db, requireBankId(request), query);
    const counts = await successfulCounts(
      db,
      rows.map((r) => Number(r.id)),
    );
    return {
      count,
      page: query.page,
      page_size: query.page_size,
      results: rows.map((r) => listItem(r, counts.get(Number(r.id)) ?? 0)),
    };
  });

  // A partner's merchants (docs/backoffice.md "Partners"): Partner users only, their own partner's merchants.
  implement(app, merchantsApi.partnerList, async (request) => {
    const user = requireUser(request);
    if (user.profile_type !== "Partner" || user.partner_id === null) throw authError(403, "forbidden");
    const query = request.query;
    const { rows, count } = await listPartnerMerchants(db, user.partner_id, query);
    return {
      count,
      page: query.page,
      page_size: query.page_size,
      results: rows.map((r) => ({
        id: Number(r.id),
        company_name: r.company_name,
        created_at: r.created_at.toISOString(),
        country: r.country,
        bank_name: r.bank_name,
        bank_merchant_status: r.bank_merchant_status as PartnerMerchant["bank_merchant_status"],
        stage: stageOf(r),
        is_live: r.is_live,
        live_date: r.live_date ? r.live_date.toISOString() : null,
        mcc: r.mcc,
      })),
    };
  });

  implement(app, merchantsApi.overview, async (request) =>
    merchantOverview(db, requireBankId(request), request.query.stage),
  );

  implement(app, merchantsApi.details, async (request) =>
    detailsOf(requireBankId(request), request.params.id),
  );

  implement(app, merchantsApi.add, async (request, reply) => {
    const ctx = ctxOf(request);
    const id = await addMerchant({ ...ctx, mail }, request.body);
    return reply.code(201).send(await detailsOf(ctx.bankId, id));
  });

  implement(app, merchantsApi.document, async (request, reply) => {
    const bankId = requireBankId(request);
    const doc = await findBankDocument(db, bankId, request.params.id, request.params.documentId);
    if (!doc) throw notFoundError();
    const content = documentBytes(doc, request.params.id, rt.dataKey);
    return sendDocument(reply, { ...doc, content }, request.query.download);
  });

  // The merchant's owner reads its own documents (its staff and terminals do not: they are the business's papers).
  implement(app, merchantsApi.ownDocument, async (request, reply) => {
    if (requireUser(request).profile_type !== "Merchant") throw authError(403, "forbidden");
    const merchantId = requireMerchantId(request);
    const doc = await findOwnDocument(db, merchantId, request.params.documentId);
    if (!doc) throw notFoundError();
    const content = documentBytes(doc, merchantId, rt.dataKey);
    return sendDocument(reply, { ...doc, content }, request.query.download);
  });

  implement(app, merchantsApi.sheet, async (request, reply) => {
    const d = await detailsOf(requireBankId(request), request.params.id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Merchant");
    for (const [key, value] of Object.entries(d.merchant))
      sheet.addRow([key, typeof value === "string" ? safeCell(value) : value]);
    const branches = workbook.addWorksheet("Branches");
    branches.addRow(["branch_name", "branch_id", "no_of_terminals"]);
    for (const b of d.branches)
      branches.addRow([safeCell(b.branch_name), safeCell(b.branch_id), b.no_of_terminals]);
    const keys = workbook.addWorksheet("Keys");
    keys.addRow(["kind", "is_live", "value"]);
    for (const k of d.keys) keys.addRow([k.kind, k.is_live, safeCell(k.value)]);
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    return reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", `attachment; filename="merchant-${d.merchant.id}.xlsx"`)
      .header("cache-control", "private, no-store")
      .send(body);
  });

  implement(app, merchantsApi.approve, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, (m) => approve(m, request.body.reason));
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.reject, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, (m) => reject(m, request.body));
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.deactivate, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, (m) => deactivate(m, request.body.reason));
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.documents, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, (m) => documents(m, request.body.received));
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.suspicious, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, (m) => suspicious(m, request.body));
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.cardApproval, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, (m) => productApproval(m, "card", request.body));
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.qrApproval, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, (m) => productApproval(m, "qr", request.body));
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.comment, async (request, reply) => {
    const ctx = ctxOf(request);
    await addComment(ctx, request.params.id, request.body.content);
    return reply.code(201).send(await detailsOf(ctx.bankId, request.params.id));
  });

  implement(app, merchantsApi.edit, async (request) => {
    const ctx = ctxOf(request);
    await edit(ctx, request.params.id, request.body);
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.bankAccount, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, () => ({
      change: { bank_account: request.body.bank_account },
      audit: [{ action: "bank_account", details: { bank_account: request.body.bank_account } }],
    }));
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.fee, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, (m) => ({
      change: { fee_id: request.body.fee_id },
      audit: [{ action: "fee", details: { from: m.fee_id, to: request.body.fee_id } }],
    }));
    return detailsOf(ctx.bankId, request.params.id);
  });

  implement(app, merchantsApi.fullEdit, async (request) => {
    const ctx = ctxOf(request);
    await act(ctx, request.params.id, (m) => fullEdit(m, request.body, ctx.user));
    return detailsOf(ctx.bankId, request.params.id);
  });
}

/** A stored document with its true type, never sniffed, never cached, sandboxed if opened inline. */
function sendDocument(
  reply: FastifyReply,
  doc: { file_name: string; content_type: string; content: Buffer },
  download: boolean,
) {
  const name = doc.file_name.replace(/[^A-Za-z0-9._-]/g, "_");
  return reply
    .header("content-type", doc.content_type)
    .header("x-content-type-options", "nosniff")
    .header(
      "content-security-policy",
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    )
    .header("cache-control", "private, no-store")
    .header("content-disposition", `${download ? "attachment" : "inline"}; filename="${name}"`)
    .send(Buffer.from(doc.content));
}
