import { invoicesApi as api, type InvoiceListAnswer, messageText } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authError, requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { findMerchantCountry } from "../payments/orders.repository.ts";
import { timeZoneOf } from "../payments/transaction-object.ts";
import { merchantNow } from "../test-clock/clock.ts";
import { invoiceIntegrations, listInvoices } from "./invoices.repository.ts";
import {
  createInvoice,
  deleteInvoice,
  invoiceDetails,
  invoiceListItem,
  sendInvoice,
} from "./invoices.service.ts";

/** The merchant an invoice request acts in: merchants and their staff only (a terminal has no invoices). */
function invoiceMerchant(request: FastifyRequest): number {
  const user = requireUser(request);
  if (user.profile_type !== "Merchant" && user.profile_type !== "MerchantStaff")
    throw authError(403, "forbidden");
  return requireMerchantId(request);
}

/** The merchant's invoices (contracts: packages/domain/src/api/invoices.ts). */
export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;

  implement(app, api.list, async (request): Promise<InvoiceListAnswer> => {
    const merchantId = invoiceMerchant(request);
    const { count, rows } = await listInvoices(db, merchantId, request.query);
    // Test-mode invoices expire by the merchant's test clock (docs/payments.md "Test clock").
    const now = await merchantNow(db, merchantId, request.query.is_live, rt.now());
    return {
      count,
      page: request.query.page,
      page_size: request.query.page_size,
      results: rows.map((r) => invoiceListItem(r, now)),
    };
  });

  implement(app, api.integrations, async (request) => {
    const rows = await invoiceIntegrations(db, invoiceMerchant(request), request.query.is_live);
    return {
      integrations: rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        gateway_type: r.gateway_type,
        currency: r.currency,
      })),
    };
  });

  implement(app, api.details, async (request) =>
    invoiceDetails(db, invoiceMerchant(request), request.params.id, rt.publicUrl, rt.now()),
  );

  implement(app, api.create, async (request, reply) => {
    const user = requireUser(request);
    const merchantId = invoiceMerchant(request);
    const { is_live: isLive, ...draft } = request.body;
    const merchant = await findMerchantCountry(db, merchantId);
    const caller = {
      merchantId,
      isLive,
      username: user.username,
      timeZone: timeZoneOf(merchant),
      now: await merchantNow(db, merchantId, isLive, rt.now()),
    };
    const created = await createInvoice(db, caller, draft);
    const invoice = await invoiceDetails(db, merchantId, created.id, rt.publicUrl, rt.now());
    return reply.code(201).send({ detail: messageText("invoice_created"), invoice });
  });

  implement(app, api.send, async (request) => {
    const mail = { smtp: app.deps.config.smtpUrl !== undefined };
    const merchantId = invoiceMerchant(request);
    await sendInvoice(db, mail, rt.publicUrl, merchantId, request.params.id, request.body.channel, rt.now());
    return { detail: request.body.channel === "sms" ? "Invoice sent by SMS." : "Invoice sent by e-mail." };
  });

  implement(app, api.remove, async (request) => {
    await deleteInvoice(db, invoiceMerchant(request), request.params.id, rt.now());
    return { detail: "Invoice deleted successfully" };
  });
}
