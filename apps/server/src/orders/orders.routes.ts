import { ordersApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { implement } from "../http/contract-routes.ts";
import { merchantNowSync } from "../test-clock/clock.ts";
import { merchantScopeOf, notFoundError } from "../transactions/scope.ts";
import { findOrder, listOrders, orderDetails, orderTotals, softDeleteOrder } from "./orders.repository.ts";

/** The merchant's orders: list, header, details and soft delete (contracts: packages/domain/src/api/orders.ts). */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const db = app.payments.db;

  implement(app, ordersApi.list, async (request) => listOrders(db, merchantScopeOf(request), request.query));

  implement(app, ordersApi.totals, async (request) =>
    orderTotals(db, merchantScopeOf(request), request.query),
  );

  implement(app, ordersApi.details, async (request) => {
    const scope = merchantScopeOf(request);
    const order = await findOrder(db, scope, request.params.id);
    if (!order) throw notFoundError();
    const now = merchantNowSync(db, order.merchant_id, order.is_live, app.payments.now());
    return orderDetails(db, scope, order, app.payments, now);
  });

  implement(app, ordersApi.remove, async (request) => {
    if (!(await softDeleteOrder(db, merchantScopeOf(request), request.params.id))) throw notFoundError();
    return { detail: "Order deleted successfully" };
  });
}
