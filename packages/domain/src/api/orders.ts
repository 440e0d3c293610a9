import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { ORDER_DISPLAY_STATUSES, ORDER_SORTS } from "../orders.ts";
import { TRANSACTION_STATUSES } from "../transaction-types.ts";
import {
  amountCountSchema,
  BANK_TOTAL_METHODS,
  boolParam,
  cappedListAnswer,
  currencyParam,
  dateParam,
  detailAnswerSchema,
  filterText,
  idParams,
  intParam,
  paging,
  totalsQuerySchema,
} from "./workspace-shared.ts";

/**
 * The merchant's orders (merchant-dashboard.md section 4): list, header, details and soft delete. The bank reads
 * the same shapes for its merchants (api/bank.ts).
 */

/** GET /api/orders and GET /api/bank/orders (the bank adds merchant_id). */
export const orderListQuerySchema = z.object({
  is_live: boolParam.default(true),
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  id: intParam.positive().optional(),
  merchant_order_id: filterText.optional(),
  created_by: filterText.optional(),
  currency: currencyParam.optional(),
  status: z.enum(ORDER_DISPLAY_STATUSES).optional(),
  delivery_needed: boolParam.optional(),
  /** source: api_source (e.g. INVOICE, OTHER) */
  source: filterText.optional(),
  amount_from: intParam.min(0).optional(),
  amount_to: intParam.min(0).optional(),
  merchant_id: intParam.positive().optional(),
  ...paging,
  sort: z.enum(ORDER_SORTS).default("-created_at"),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderListItemSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  merchant_order_id: z.string().nullable(),
  amount_cents: z.number(),
  paid_amount_cents: z.number(),
  currency: z.string(),
  status: z.enum(ORDER_DISPLAY_STATUSES),
  created_by: z.string().nullable(),
  source: z.string(),
  delivery_needed: z.boolean(),
  collector: z.string().nullable(),
  is_live: z.boolean(),
  merchant: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;
export const orderListAnswerSchema = cappedListAnswer(orderListItemSchema);
export type OrderListAnswer = z.infer<typeof orderListAnswerSchema>;

/** Total processed: per currency, all orders and the paid ones. */
const orderTotalsBlockSchema = z.object({
  currency: z.string(),
  orders: amountCountSchema,
  paid: amountCountSchema,
  processed_cents: z.number(),
});
export const orderTotalsAnswerSchema = z.object({
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  is_live: z.boolean(),
  currencies: z.array(orderTotalsBlockSchema),
});
export type OrderTotalsAnswer = z.infer<typeof orderTotalsAnswerSchema>;

/**
 * GET /api/bank/orders/totals: each currency's orders figures (as the merchant's header) plus the bank header by
 * payment method (as /api/bank/transactions/totals: successful payments of the range by gateway type, TOTAL all).
 */
export const bankOrderTotalsAnswerSchema = orderTotalsAnswerSchema.extend({
  currencies: z.array(
    orderTotalsBlockSchema.extend({ methods: z.record(z.enum(BANK_TOTAL_METHODS), amountCountSchema) }),
  ),
});
export type BankOrderTotalsAnswer = z.infer<typeof bankOrderTotalsAnswerSchema>;

export const orderDetailsSchema = z.object({
  order: orderListItemSchema.extend({
    product_description: z.string().nullable(),
    order_link: z.string().nullable(),
  }),
  cart: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      quantity: z.number(),
      amount_cents: z.number().nullable(),
    }),
  ),
  shipping: z.record(z.string(), z.unknown()).nullable(),
  client: z
    .object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  error: z.object({ message: z.string().nullable() }),
  transactions: z.array(
    z.object({
      id: z.number(),
      status: z.enum(TRANSACTION_STATUSES),
      amount_cents: z.number(),
      trnx_type: z.string(),
    }),
  ),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

const TAGS = ["Orders"] as const;
const VIEW = { permission: "can view orders" } as const;

export const ordersApi = {
  list: route({
    method: "GET",
    path: "/api/orders",
    access: VIEW,
    tags: TAGS,
    summary: "Orders of the merchant: filters, paging, sorting; status PAID/UNPAID/CANCELED",
    query: orderListQuerySchema,
    answers: { 200: orderListAnswerSchema },
  }),
  totals: route({
    method: "GET",
    path: "/api/orders/totals",
    access: VIEW,
    tags: TAGS,
    summary: "Orders header: total processed per currency over a date range",
    query: totalsQuerySchema,
    answers: { 200: orderTotalsAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/orders/:id",
    access: VIEW,
    tags: TAGS,
    summary: "Order details: order, cart, shipping, client, error",
    params: idParams,
    answers: { 200: orderDetailsSchema, 404: errorResponseSchema },
  }),
  remove: route({
    method: "DELETE",
    path: "/api/orders/:id",
    access: { permission: "can delete orders" },
    tags: TAGS,
    summary: "Soft delete: the order leaves the lists",
    params: idParams,
    answers: { 200: detailAnswerSchema, 404: errorResponseSchema },
  }),
};
