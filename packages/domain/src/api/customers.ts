import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { normalizeDigits } from "../digits.ts";
import { hasForbiddenCharacters } from "../text-input.ts";
import { hasHtmlTags, isEmail, isFullName, isPhone, VALIDATION_MESSAGES } from "../validation.ts";
import { cappedListAnswer, filterText, idParams, paging } from "./workspace-shared.ts";

/**
 * Customers (back-office.md "Customers" and the Customer entity; issue 18 item 3; docs/settings.md "Customers"):
 * the people who paid a merchant, derived from its payments' billing data (matched by e-mail, else phone) and
 * kept in step by each payment's own INSERT (migration 0033): total transactions, last transaction time and the
 * card last paid with (its last four digits only). A merchant lists, searches, opens and edits its own.
 * Customers are not per mode: a customer's totals count its live and test transactions alike.
 */

export const CUSTOMER_NAME_MAX = 200;

/** The spec's shared messages (section 5), word for word, and the portal's own for a taken e-mail or phone. */
export const CUSTOMER_MESSAGES = {
  required: VALIDATION_MESSAGES.required,
  fullName: VALIDATION_MESSAGES.invalid_full_name,
  email: VALIDATION_MESSAGES.invalid_email,
  phone: VALIDATION_MESSAGES.invalid_phone,
  htmlTags: VALIDATION_MESSAGES.html_tags,
  contact: "Enter an email or a phone number, so the customer's payments can be matched.",
  emailTaken: "Another customer already has this email.",
  phoneTaken: "Another customer already has this phone number.",
  saved: "Your request completed successfully.",
} as const;

export const customerListQuerySchema = z.object({
  /** Starts of the name, e-mail or phone (case-insensitive); digits only also find a customer id. */
  search: filterText.optional(),
  ...paging,
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  points: z.number(),
  /** The last four digits of the card the customer last paid with (never more of it). */
  card_last4: z.string().nullable(),
  card_scheme: z.string().nullable(),
  total_transactions: z.number(),
  last_transaction_at: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerItem = z.infer<typeof customerItemSchema>;
export const customerListAnswerSchema = cappedListAnswer(customerItemSchema);

/** A card the customer saved at checkout (card_tokens): masked, never the number. */
export const savedCardSchema = z.object({
  id: z.number(),
  masked_pan: z.string(),
  card_subtype: z.string(),
  is_live: z.boolean(),
  created_at: z.string(),
});

export const customerDetailsSchema = customerItemSchema.extend({
  updated_at: z.string().nullable(),
  saved_cards: z.array(savedCardSchema),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

export const customerTransactionsQuerySchema = z.object({ ...paging });

export const customerTransactionSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  status: z.enum(["pending", "success", "declined"]),
  trnx_type: z.string(),
  gateway_type: z.string(),
  is_live: z.boolean(),
  is_refunded: z.boolean(),
  is_voided: z.boolean(),
  parent_transaction_id: z.number().nullable(),
  card_last4: z.string().nullable(),
  order_id: z.number().nullable(),
});
export type CustomerTransaction = z.infer<typeof customerTransactionSchema>;
export const customerTransactionsAnswerSchema = listAnswer(customerTransactionSchema);

/** An optional field: missing or blank means none. */
const blankToNull = (v: unknown) =>
  v === undefined || (typeof v === "string" && v.trim() === "") ? null : v;

const customerName = z
  .string({ error: CUSTOMER_MESSAGES.required })
  .trim()
  .refine((v) => v.length > 0, { error: CUSTOMER_MESSAGES.required, abort: true })
  .refine((v) => !hasHtmlTags(v), { error: CUSTOMER_MESSAGES.htmlTags, abort: true })
  .refine((v) => v.length <= CUSTOMER_NAME_MAX && !hasForbiddenCharacters(v) && isFullName(v), {
    error: CUSTOMER_MESSAGES.fullName,
  });

const customerEmail = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .refine((v) => isEmail(v), { error: CUSTOMER_MESSAGES.email })
    .transform((v) => v.toLowerCase())
    .nullable(),
);

const customerPhone = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .refine((v) => isPhone(v), { error: CUSTOMER_MESSAGES.phone })
    .transform((v) => normalizeDigits(v))
    .nullable(),
);

/** The edit: name (two words or more of Arabic or Latin letters), e-mail and phone; at least one of the two. */
export const customerEditSchema = z
  .object({ name: customerName, email: customerEmail, phone: customerPhone })
  .refine((b) => b.email !== null || b.phone !== null, {
    error: CUSTOMER_MESSAGES.contact,
    path: ["email"],
  });
export type CustomerEdit = z.input<typeof customerEditSchema>;

const TAGS = ["Customers"] as const;
const VIEW = { permission: "can view customers" } as const;

export const customersApi = {
  list: route({
    method: "GET",
    path: "/api/customers",
    access: VIEW,
    tags: TAGS,
    summary: "The merchant's customers, the latest to pay first, with a search",
    query: customerListQuerySchema,
    answers: { 200: customerListAnswerSchema, 403: errorResponseSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/customers/:id",
    access: VIEW,
    tags: TAGS,
    summary: "One customer with the cards they saved",
    params: idParams,
    answers: { 200: customerDetailsSchema, 403: errorResponseSchema, 404: errorResponseSchema },
  }),
  transactions: route({
    method: "GET",
    path: "/api/customers/:id/transactions",
    access: VIEW,
    tags: TAGS,
    summary: "The customer's transactions (live and test), newest first",
    params: idParams,
    query: customerTransactionsQuerySchema,
    answers: { 200: customerTransactionsAnswerSchema, 403: errorResponseSchema, 404: errorResponseSchema },
  }),
  edit: route({
    method: "PUT",
    path: "/api/customers/:id",
    access: VIEW,
    tags: TAGS,
    summary: "Edit a customer's name, email and phone",
    description:
      "400 validation (fields.name, fields.email, fields.phone with the spec's messages), 409 customer_email_taken or customer_phone_taken.",
    params: idParams,
    body: customerEditSchema,
    answers: {
      200: customerDetailsSchema,
      400: errorResponseSchema,
      403: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
  }),
};
