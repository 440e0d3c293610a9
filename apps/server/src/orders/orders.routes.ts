import {
  detailAnswerSchema,
  orderDetailsSchema,
  orderListAnswerSchema,
  orderListQuerySchema,
  orderTotalsAnswerSchema,
  totalsQuerySchema,
} from "@portal/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { portalErrorHandler } from "../public-api/http.ts";
import { merchantScopeOf, notFoundError } from "../transactions/scope.ts";
import { findOrder, listOrders, orderDetails, orderTotals, softDeleteOrder } from "./orders.repository.ts";

const TAGS = ["Orders"];
const errorSchema = z.object({ detail: z.string(), code: z.string().optional() });
const idParams = z.object({ id: z.coerce.number().int().positive() });
export const orderListAnswer = orderListAnswerSchema.extend({ count_capped: z.boolean() });

export async function orderRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.setErrorHandler(portalErrorHandler);
  const db = parent.payments.db;

  app.get(
    "/api/orders",
    {
      schema: {
        tags: TAGS,
        summary: "Orders of the merchant: filters, paging, sorting; status PAID/UNPAID/CANCELED",
        querystring: orderListQuerySchema,
        response: { 200: orderListAnswer },
      },
      config: { permission: "can view orders" },
    },
    async (request) => listOrders(db, merchantScopeOf(request), request.query),
  );

  app.get(
    "/api/orders/totals",
    {
      schema: {
        tags: TAGS,
        summary: "Orders header: total processed per currency over a date range",
        querystring: totalsQuerySchema,
        response: { 200: orderTotalsAnswerSchema },
      },
      config: { permission: "can view orders" },
    },
    async (request) => orderTotals(db, merchantScopeOf(request), request.query),
  );

  app.get(
    "/api/orders/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Order details: order, cart, shipping, client, error",
        params: idParams,
        response: { 200: orderDetailsSchema, 404: errorSchema },
      },
      config: { permission: "can view orders" },
    },
    async (request) => {
      const scope = merchantScopeOf(request);
      const order = await findOrder(db, scope, request.params.id);
      if (!order) throw notFoundError();
      return orderDetails(db, scope, order, parent.payments);
    },
  );

  app.delete(
    "/api/orders/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Soft delete: the order leaves the lists",
        params: idParams,
        response: { 200: detailAnswerSchema, 404: errorSchema },
      },
      config: { permission: "can delete orders" },
    },
    async (request) => {
      if (!(await softDeleteOrder(db, merchantScopeOf(request), request.params.id))) throw notFoundError();
      return { detail: "Order deleted successfully" };
    },
  );
}
