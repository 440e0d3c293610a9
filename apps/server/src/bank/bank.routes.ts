import {
  bankOrderTotalsAnswerSchema,
  bankTotalsAnswerSchema,
  orderDetailsSchema,
  orderListQuerySchema,
  totalsQuerySchema,
  transactionDetailsSchema,
  transactionListAnswerSchema,
  transactionListQuerySchema,
} from "@portal/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/auth.hook.ts";
import { bankOrderTotals, findOrder, listOrders, orderDetails } from "../orders/orders.repository.ts";
import { orderListAnswer } from "../orders/orders.routes.ts";
import { portalErrorHandler } from "../public-api/http.ts";
import { transactionDetails } from "../transactions/details.ts";
import { bankScopeOf, notFoundError } from "../transactions/scope.ts";
import { bankTotals, findTransaction, listTransactions } from "../transactions/transactions.repository.ts";

/**
 * The bank view (back-office.md): Bank and BankStaff users read the transactions and orders of their own bank's
 * merchants (merchants.bank_id), with the merchant columns and the bank totals header. Read only: actions on
 * money stay with the merchant. Another bank's rows answer 404, a merchant_id outside the bank an empty list.
 */
const TAGS = ["Bank"];
const errorSchema = z.object({ detail: z.string(), code: z.string().optional() });
const idParams = z.object({ id: z.coerce.number().int().positive() });

export async function bankRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.setErrorHandler(portalErrorHandler);
  const rt = parent.payments;
  const db = rt.db;

  app.get(
    "/api/bank/transactions",
    {
      schema: {
        tags: TAGS,
        summary: "Transactions of the bank's merchants, with merchant columns; every filter plus merchant_id",
        querystring: transactionListQuerySchema,
        response: { 200: transactionListAnswerSchema.extend({ count_capped: z.boolean() }) },
      },
      config: { permission: "can view transactions" },
    },
    async (request) => listTransactions(db, bankScopeOf(request, request.query.merchant_id), request.query),
  );

  app.get(
    "/api/bank/transactions/totals",
    {
      schema: {
        tags: TAGS,
        summary:
          "Bank totals header: TOTAL, SOUHOOLA, GET_GO, VPC, CASH, VALU, PREMIUM, UIG, CAGG, MPAY per currency",
        querystring: totalsQuerySchema,
        response: { 200: bankTotalsAnswerSchema },
      },
      config: { permission: "can view transactions" },
    },
    async (request) => bankTotals(db, bankScopeOf(request, request.query.merchant_id), request.query),
  );

  app.get(
    "/api/bank/transactions/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Details of one transaction of the bank's merchants (no actions)",
        params: idParams,
        response: { 200: transactionDetailsSchema, 404: errorSchema },
      },
      config: { permission: "can view transactions" },
    },
    async (request) => {
      const tx = await findTransaction(db, bankScopeOf(request), request.params.id);
      if (!tx) throw notFoundError();
      return transactionDetails(db, tx, requireUser(request), rt.now());
    },
  );

  app.get(
    "/api/bank/orders",
    {
      schema: {
        tags: TAGS,
        summary: "Orders of the bank's merchants, with the merchant column",
        querystring: orderListQuerySchema,
        response: { 200: orderListAnswer },
      },
      config: { permission: "can view orders" },
    },
    async (request) => listOrders(db, bankScopeOf(request, request.query.merchant_id), request.query),
  );

  app.get(
    "/api/bank/orders/totals",
    {
      schema: {
        tags: TAGS,
        summary:
          "Bank orders header: orders, paid and processed per currency, with TOTAL, SOUHOOLA, GET_GO, VPC, CASH, " +
          "VALU, PREMIUM, UIG, CAGG, MPAY",
        querystring: totalsQuerySchema,
        response: { 200: bankOrderTotalsAnswerSchema },
      },
      config: { permission: "can view orders" },
    },
    async (request) => bankOrderTotals(db, bankScopeOf(request, request.query.merchant_id), request.query),
  );

  app.get(
    "/api/bank/orders/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Details of one order of the bank's merchants",
        params: idParams,
        response: { 200: orderDetailsSchema, 404: errorSchema },
      },
      config: { permission: "can view orders" },
    },
    async (request) => {
      const scope = bankScopeOf(request);
      const order = await findOrder(db, scope, request.params.id);
      if (!order) throw notFoundError();
      return orderDetails(db, scope, order, rt);
    },
  );
}
