import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { boundedText } from "../text-input.ts";
import { hasHtmlTags, VALIDATION_MESSAGES } from "../validation.ts";
import { boolParam, idParams, paging } from "./workspace-shared.ts";

/**
 * Point of sale (merchant-dashboard.md section 2 "Terminals, branches, QR, risk" and section 8; issue 14 items 1
 * and 2; docs/pos-risk.md "Branches, terminals and card-present payments"): the merchant's branches (one table
 * shared with the bank's add-merchant form), its terminals, each in a branch, and the terminal API through which a
 * terminal takes card-present payments with its own key. Dashboard routes need "can view terminals"; adding and
 * editing is refused to Terminal users (they see only their own terminal).
 */

/** The spec's messages (section 8), word for word, spelling included. */
export const POS_MESSAGES = {
  required: VALIDATION_MESSAGES.required,
  htmlTags: VALIDATION_MESSAGES.html_tags,
  branchAdded: "Add Branches Successfully",
  branchEdited: "Edit Branchs Successfully",
  terminalUpdated: "Update Terminal Successfully",
  updateFailed: "There seems to be an error while updating the user permissions.",
  noPos: "You haven't set up a POS",
  branchCodeTaken: "Another branch already has this branch ID.",
  branchCodeCharacters: "Use letters, digits, '-' and '_' only.",
} as const;

export const BRANCH_LIMITS = { name: 100, code: 30, city: 100, address: 200 } as const;

const requiredText = (max: number) =>
  z
    .string({ error: POS_MESSAGES.required })
    .trim()
    .refine((v) => v.length > 0, { error: POS_MESSAGES.required, abort: true })
    .refine((v) => !hasHtmlTags(v), { error: POS_MESSAGES.htmlTags, abort: true })
    .pipe(boundedText(max));

/** The add and edit branch dialogs: every field required (spec section 3 "Branch"). */
export const branchInputSchema = z.object({
  branch_name: requiredText(BRANCH_LIMITS.name),
  /** The branch ID the merchant gives (unique among its branches). */
  branch_id: requiredText(BRANCH_LIMITS.code).refine((v) => /^[A-Za-z0-9_-]+$/.test(v), {
    error: POS_MESSAGES.branchCodeCharacters,
  }),
  city: requiredText(BRANCH_LIMITS.city),
  address: requiredText(BRANCH_LIMITS.address),
});
export type BranchInput = z.input<typeof branchInputSchema>;

/** A sum of payments in one currency (amounts in different currencies are never added together). */
export const currencyAmountSchema = z.object({ currency: z.string(), amount_cents: z.number() });

export const branchSchema = z.object({
  /** The row's id (the dashboard's path). */
  id: z.number(),
  branch_name: z.string(),
  /** The branch ID shown to people: the merchant's own code. */
  branch_id: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  terminals: z.number(),
  created_at: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

export const branchListQuerySchema = z.object({ ...paging });

/** The mode of the figures a terminal shows (the live/test toggle). */
export const terminalListQuerySchema = z.object({ is_live: boolParam.default(true), ...paging });
export const terminalModeQuerySchema = z.object({ is_live: boolParam.default(true) });

export const terminalSchema = z.object({
  id: z.number(),
  /** The terminal's ID as printed on the device. */
  terminal_id: z.string(),
  created_at: z.string(),
  /** The branch row's id (the edit dialog's choice). */
  branch: z.number().nullable(),
  /** The branch's own ID (its code), name, city and address. */
  branch_id: z.string().nullable(),
  branch_name: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  /** Its payments in the mode asked (parents only), and the successful ones' amount per currency. */
  transactions: z.number(),
  amounts: z.array(currencyAmountSchema),
  /** The visible starts of its active keys (country, kind and mode); never the keys. */
  key_prefixes: z.array(z.string()),
});
export type Terminal = z.infer<typeof terminalSchema>;

export const terminalListAnswerSchema = listAnswer(terminalSchema).extend({
  /** The merchant has no terminal at all: the screen shows "You haven't set up a POS". */
  has_pos: z.boolean(),
});

/** Add a terminal to a branch; the 'Terminal Device' dialog moves it to another. */
export const terminalInputSchema = z.object({
  branch: z.number({ error: POS_MESSAGES.required }).int().positive({ error: POS_MESSAGES.required }),
});

/** The terminal's keys, answered once when made (only keyed hashes are stored). */
export const terminalKeysSchema = z.object({ test_key: z.string(), live_key: z.string() });
export const terminalCreatedSchema = terminalSchema.extend({ keys: terminalKeysSchema });

const TAGS = ["Terminals"] as const;
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;

export const branchesApi = {
  list: route({
    method: "GET",
    path: "/api/branches",
    access: { permission: "can view terminals" },
    tags: TAGS,
    summary: "The merchant's branches with their terminal counts, newest first",
    query: branchListQuerySchema,
    answers: { 200: listAnswer(branchSchema) },
  }),
  details: route({
    method: "GET",
    path: "/api/branches/:id",
    access: { permission: "can view terminals" },
    tags: TAGS,
    summary: "One branch (the details card)",
    params: idParams,
    answers: { 200: branchSchema, 404: errorResponseSchema },
  }),
  create: route({
    method: "POST",
    path: "/api/branches",
    access: { permission: "can view terminals" },
    tags: TAGS,
    summary: "Adds a branch (every field required; the branch ID unique among the merchant's)",
    body: branchInputSchema,
    answers: { 201: branchSchema, ...errors, 409: errorResponseSchema },
  }),
  update: route({
    method: "PUT",
    path: "/api/branches/:id",
    access: { permission: "can view terminals" },
    tags: TAGS,
    summary: "Edits a branch; its terminals follow its name, city and address",
    params: idParams,
    body: branchInputSchema,
    answers: { 200: branchSchema, ...errors, 409: errorResponseSchema },
  }),
};

export const terminalsApi = {
  list: route({
    method: "GET",
    path: "/api/terminals",
    access: { permission: "can view terminals" },
    tags: TAGS,
    summary:
      "The merchant's terminals with their branch and their payments in the mode asked (a terminal: itself)",
    query: terminalListQuerySchema,
    answers: { 200: terminalListAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/terminals/:id",
    access: { permission: "can view terminals" },
    tags: TAGS,
    summary: "One terminal with its branch, transactions and amount",
    params: idParams,
    query: terminalModeQuerySchema,
    answers: { 200: terminalSchema, 404: errorResponseSchema },
  }),
  create: route({
    method: "POST",
    path: "/api/terminals",
    access: { permission: "can view terminals" },
    tags: TAGS,
    summary: "Adds a terminal to a branch; answers its test and live keys once",
    body: terminalInputSchema,
    answers: { 201: terminalCreatedSchema, ...errors },
  }),
  update: route({
    method: "PUT",
    path: "/api/terminals/:id",
    access: { permission: "can view terminals" },
    tags: TAGS,
    summary: "The 'Terminal Device' dialog: moves the terminal to another branch of the merchant",
    params: idParams,
    body: terminalInputSchema,
    answers: { 200: terminalSchema, ...errors },
  }),
  recreateKeys: route({
    method: "POST",
    path: "/api/terminals/:id/keys",
    access: { permission: "can view terminals" },
    tags: TAGS,
    summary: "New test and live keys for the terminal, answered once; the old ones stop working at once",
    params: idParams,
    answers: { 200: terminalKeysSchema, 403: errorResponseSchema, 404: errorResponseSchema },
  }),
};

// ------------------------------------------------------------------------------------------------ terminal API

/** How the terminal read the card. Card-present reads carry no CVV (chip and PIN, contactless). */
export const CARD_ENTRY_MODES = ["chip", "contactless", "swipe", "manual"] as const;

export const terminalAuthHeadersSchema = z.object({
  /** `Terminal <terminal key>` */
  authorization: boundedText(200).optional(),
  "idempotency-key": boundedText(255).optional(),
});

export const terminalPaymentBodySchema = z.object({
  /** Integer minor units of the currency (cents; thousandths for the three-decimal currencies). */
  amount_cents: z.number().int().positive(),
  /** The merchant country's currency (the default); any other is refused. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  card: z.object({
    pan: boundedText(32),
    expiry_month: z.union([z.number().int(), boundedText(4)]),
    expiry_year: z.union([z.number().int(), boundedText(4)]),
    /** Only for a manually keyed card; never stored. */
    cvv: boundedText(4).optional(),
    card_holder: boundedText(100).optional(),
  }),
  entry_mode: z.enum(CARD_ENTRY_MODES).default("chip"),
  /** The merchant's own reference (the order's merchant order id), unique per merchant when given. */
  merchant_order_id: boundedText(100).optional(),
});

export const terminalPaymentSchema = z.object({
  id: z.number(),
  order_id: z.number().nullable(),
  terminal_id: z.string(),
  is_live: z.boolean(),
  status: z.enum(["pending", "success", "declined"]),
  success: z.boolean(),
  pending: z.boolean(),
  amount_cents: z.number(),
  currency: z.string(),
  /** The acquirer's message ("Approved", "Insufficient funds", ...). */
  message: z.string().nullable(),
  txn_response_code: z.string().nullable(),
  card: z.object({
    first6: z.string().nullable(),
    last4: z.string().nullable(),
    scheme: z.string().nullable(),
  }),
  entry_mode: z.string().nullable(),
  origin: z.string(),
  channel: z.string(),
  created_at: z.string(),
});
export type TerminalPayment = z.infer<typeof terminalPaymentSchema>;

const TERMINAL_TAGS = ["Terminal API"] as const;
const terminalErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
} as const;

export const terminalApi = {
  pay: route({
    method: "POST",
    path: "/api/terminal/payments",
    access: { public: true },
    tags: TERMINAL_TAGS,
    summary: "A card-present payment taken by the terminal whose key is sent (Authorization: Terminal <key>)",
    description:
      "The key's mode (test or live) is the payment's. The card number goes to the acquirer and is never stored " +
      "(first 6 and last 4 digits only); the CVV is never stored. Retries with the same Idempotency-Key answer " +
      "the first result. The payment appears in transactions with origin and channel POS and its terminal.",
    headers: terminalAuthHeadersSchema,
    body: terminalPaymentBodySchema,
    answers: { 200: terminalPaymentSchema, ...terminalErrors },
  }),
  payment: route({
    method: "GET",
    path: "/api/terminal/payments/:id",
    access: { public: true },
    tags: TERMINAL_TAGS,
    summary: "One payment of the calling terminal (its key's mode); any other answers 404",
    headers: terminalAuthHeadersSchema,
    params: idParams,
    answers: { 200: terminalPaymentSchema, 401: errorResponseSchema, 404: errorResponseSchema },
  }),
};
