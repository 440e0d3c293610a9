import { z } from "zod";
import {
  amountCountSchema,
  BANK_TOTAL_METHODS,
  boolParam,
  intParam,
  paging,
  filterText as text,
} from "./api/workspace-shared.ts";
import { ORDER_DISPLAY_STATUSES } from "./orders.ts";
import { EXPORT_STATES, EXPORT_STATUS_CHOICES, TRANSACTION_STATUSES } from "./transaction-types.ts";

/**
 * The HTTP contract of the orders and exports workspace (issue 4), being split by feature into
 * packages/domain/src/api (transactions: api/transactions.ts; the shared vocabulary: api/workspace-shared.ts).
 */

export function listAnswerSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number(),
    /**
     * Transaction and order lists stop counting at 10,000 (counting a million rows is slow): count_capped true
     * means "10,000 or more" (show "10,000+"; the last pages are still reachable by page number).
     */
    count_capped: z.boolean().optional(),
    page: z.number(),
    page_size: z.number(),
    results: z.array(item),
  });
}

// ---------------------------------------------------------------------------------------------- exports

export const EXPORT_KINDS = ["transactions", "orders"] as const;
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
/** At most one month between date_from and date_to (31 days). */
export const EXPORT_MAX_DAYS = 31;

export const exportRequestSchema = z.object({
  date_from: z.string().min(1),
  date_to: z.string().min(1),
  status: z.enum(EXPORT_STATUS_CHOICES),
  kind: z.enum(EXPORT_KINDS).default("transactions"),
  is_live: z.boolean().default(true),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export const exportItemSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(EXPORT_STATUS_CHOICES),
  date_from: z.string(),
  date_to: z.string(),
  /** new until downloaded */
  state: z.enum(EXPORT_STATES),
  /** job progress: queued, running, done, failed; download only when done */
  job_state: z.enum(["queued", "running", "done", "failed"]),
  rows_done: z.number(),
  rows_total: z.number().nullable(),
});
export type ExportItem = z.infer<typeof exportItemSchema>;
export const exportListAnswerSchema = listAnswerSchema(exportItemSchema);
export const exportListQuerySchema = z.object({ ...paging });
export const exportDownloadQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default("csv") });

// ---------------------------------------------------------------------------------------------- orders

export const ORDER_SORTS = [
  "created_at",
  "-created_at",
  "amount_cents",
  "-amount_cents",
  "id",
  "-id",
] as const;

export const orderListQuerySchema = z.object({
  is_live: boolParam.default(true),
  date_from: z.string().optional(),
  date_to: z.string().optional(),
  id: intParam.positive().optional(),
  merchant_order_id: text.optional(),
  created_by: text.optional(),
  currency: z.string().length(3).optional(),
  status: z.enum(ORDER_DISPLAY_STATUSES).optional(),
  delivery_needed: boolParam.optional(),
  /** source: api_source (e.g. INVOICE, OTHER) */
  source: text.optional(),
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
export const orderListAnswerSchema = listAnswerSchema(orderListItemSchema);

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

