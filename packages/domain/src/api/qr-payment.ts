import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { boolParam, idParams } from "./workspace-shared.ts";

/**
 * QR Code Payment (merchant-dashboard.md "Terminals, branches, QR, risk, statements" and section 4): the merchant
 * types an amount, the server creates an intention on the merchant's wallet integration (the payment core), the
 * dashboard shows its hosted payment address as a QR code, and Check Status reads the outcome. docs/selling.md.
 */

/** The outcomes of Check Status: Transaction Successful, Declined, Pending (nothing paid yet counts as pending). */
export const QR_PAYMENT_STATUSES = ["success", "declined", "pending"] as const;
export type QrPaymentStatus = (typeof QR_PAYMENT_STATUSES)[number];

/** GET /api/qr-payments/setup: what the amount step needs; currency null when no wallet integration is active. */
export const qrSetupQuerySchema = z.object({ is_live: boolParam.default(true) });
export const qrSetupAnswerSchema = z.object({
  merchant_name: z.string(),
  currency: z.string().nullable(),
  integration_id: z.number().nullable(),
});
export type QrSetupAnswer = z.infer<typeof qrSetupAnswerSchema>;

/** POST /api/qr-payments: the amount as typed, in the wallet integration's currency ("149.99"). */
export const qrCreateBodySchema = z.object({
  amount: z.string().max(32),
  is_live: z.boolean().default(true),
});
export type QrCreateBody = z.infer<typeof qrCreateBodySchema>;

export const qrPaymentSchema = z.object({
  /** The order the intention made: the id Check Status asks about. */
  id: z.number(),
  merchant_name: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  /** The hosted payment address the QR code encodes (the wallet method's pay page). */
  payment_url: z.string(),
  expires_at: z.string(),
  is_live: z.boolean(),
});
export type QrPayment = z.infer<typeof qrPaymentSchema>;

export const qrStatusSchema = z.object({
  id: z.number(),
  status: z.enum(QR_PAYMENT_STATUSES),
  /** The acquirer's message of the latest attempt ("Insufficient funds"), null while nothing was tried. */
  message: z.string().nullable(),
  /** Why a decline happened, as a stable code the dashboard translates (insufficient_funds, other). */
  reason: z.enum(["insufficient_funds", "other"]).nullable(),
  transaction_id: z.number().nullable(),
  amount_cents: z.number(),
  currency: z.string(),
});
export type QrStatus = z.infer<typeof qrStatusSchema>;

const TAGS = ["QR payment"] as const;
const ACCESS = { permission: "can create transactions" } as const;

export const qrPaymentApi = {
  setup: route({
    method: "GET",
    path: "/api/qr-payments/setup",
    access: ACCESS,
    tags: TAGS,
    summary: "The merchant's name and the currency of its wallet integration in the mode (null: none)",
    query: qrSetupQuerySchema,
    answers: { 200: qrSetupAnswerSchema },
  }),
  create: route({
    method: "POST",
    path: "/api/qr-payments",
    access: ACCESS,
    tags: TAGS,
    summary:
      "Create a QR payment: an intention on the wallet integration; answers the address the QR encodes",
    description:
      "400 with fields.amount ['invalid_amount'] for a bad amount; 400 qr_no_wallet when the merchant has no active wallet integration in the mode.",
    body: qrCreateBodySchema,
    answers: { 201: qrPaymentSchema, 400: errorResponseSchema },
  }),
  status: route({
    method: "GET",
    path: "/api/qr-payments/:id",
    access: ACCESS,
    tags: TAGS,
    summary: "Check Status: success, declined (with the reason) or pending",
    params: idParams,
    answers: { 200: qrStatusSchema, 404: errorResponseSchema },
  }),
};
