import { bankApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { bankOrderTotals, findOrder, listOrders, orderDetails } from "../orders/orders.repository.ts";
import { merchantNowSync } from "../test-clock/clock.ts";
import { transactionDetails } from "../transactions/details.ts";
import { bankScopeOf, notFoundError } from "../transactions/scope.ts";
import { bankTotals, findTransaction, listTransactions } from "../transactions/transactions.repository.ts";

/**
 * The bank view (back-office.md; contracts: packages/domain/src/api/bank.ts): Bank and BankStaff users read the
 * transactions and orders of their own bank's merchants (merchants.bank_id), with the merchant columns and the
 * bank totals header, through the merchants' handlers with a bank scope. Read only: actions on money stay with
 * the merchant. Another bank's rows answer 404, a merchant_id outside the bank an empty list.
 */
export async function bankRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;

  implement(app, bankApi.transactions, async (request) =>
    listTransactions(db, bankScopeOf(request, request.query.merchant_id), request.query),
  );

  implement(app, bankApi.transactionTotals, async (request) =>
    bankTotals(db, bankScopeOf(request, request.query.merchant_id), request.query),
  );

  implement(app, bankApi.transactionDetails, async (request) => {
    const tx = await findTransaction(db, bankScopeOf(request), request.params.id);
    if (!tx) throw notFoundError();
    return transactionDetails(db, tx, requireUser(request), rt.now());
  });

  implement(app, bankApi.orders, async (request) =>
    listOrders(db, bankScopeOf(request, request.query.merchant_id), request.query),
  );

  implement(app, bankApi.orderTotals, async (request) =>
    bankOrderTotals(db, bankScopeOf(request, request.query.merchant_id), request.query),
  );

  implement(app, bankApi.orderDetails, async (request) => {
    const scope = bankScopeOf(request);
    const order = await findOrder(db, scope, request.params.id);
    if (!order) throw notFoundError();
    const now = merchantNowSync(db, order.merchant_id, order.is_live, rt.now());
    return orderDetails(db, scope, order, rt, now);
  });
}
