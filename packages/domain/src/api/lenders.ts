import { z } from "zod";
import { errorResponseSchema, route, signedInErrors } from "../contract.ts";
import { boundedText } from "../text-input.ts";
import { idParams } from "./workspace-shared.ts";

/**
 * Lender management (issue 14, docs/pos-risk.md "Lenders"): a lender is one of a bank's merchants collecting loan
 * instalments on its public lending page (apps/checkout /checkout/lending?lender=<page id>) through one of its card
 * integrations. The merchant's bank lists, adds, edits and disables its lenders (the same rights as adding
 * merchants: a lender is a capacity the bank gives one of its merchants). A disabled lender keeps its customers and
 * loans; its page answers as for no lender until the bank enables it again.
 */

/** The field refusals, word for word (the dashboard translates them by their key). */
export const LENDER_MESSAGES = {
  merchant: "Choose a merchant of your bank.",
  integration: "Choose an active card integration of this merchant.",
  alreadyLender: "This merchant is already a lender.",
  publicId: "Use 3 to 40 lowercase letters, digits and dashes, starting and ending with a letter or digit.",
  publicIdTaken: "This page id is already used by another lender.",
} as const;
export type LenderMessageKey = keyof typeof LENDER_MESSAGES;

export const LENDER_PUBLIC_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

const publicId = boundedText(64);

export const lenderAddBodySchema = z.object({
  merchant_id: z.number().int().positive(),
  integration_id: z.number().int().positive(),
  public_id: publicId,
});
export type LenderAddBody = z.infer<typeof lenderAddBodySchema>;

export const lenderEditBodySchema = z.object({
  integration_id: z.number().int().positive(),
  public_id: publicId,
  is_active: z.boolean(),
});
export type LenderEditBody = z.infer<typeof lenderEditBodySchema>;

export const lenderSchema = z.object({
  id: z.number(),
  public_id: z.string(),
  merchant_id: z.number(),
  merchant_name: z.string(),
  integration_id: z.number(),
  integration_name: z.string(),
  is_live: z.boolean(),
  currency: z.string(),
  is_active: z.boolean(),
  customers: z.number(),
  open_loans: z.number(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type Lender = z.infer<typeof lenderSchema>;

/** A merchant of the bank the add and edit dialogs offer, with its active card integrations. */
export const lenderCandidateSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_lender: z.boolean(),
  integrations: z.array(
    z.object({ id: z.number(), name: z.string(), is_live: z.boolean(), currency: z.string() }),
  ),
});
export type LenderCandidate = z.infer<typeof lenderCandidateSchema>;

export const lenderListAnswerSchema = z.object({
  results: z.array(lenderSchema),
  merchants: z.array(lenderCandidateSchema),
});
export type LenderListAnswer = z.infer<typeof lenderListAnswerSchema>;

const TAGS = ["Lending"] as const;
const VIEW = { permission: "can view merchants" } as const;
const MANAGE = { permission: "can add merchants" } as const;

export const lendersApi = {
  list: route({
    method: "GET",
    path: "/api/bank/lenders",
    access: VIEW,
    tags: TAGS,
    summary:
      "The bank's lenders, and its merchants with their card integrations (for the add and edit dialogs)",
    answers: { 200: lenderListAnswerSchema, ...signedInErrors },
  }),
  add: route({
    method: "POST",
    path: "/api/bank/lenders",
    access: MANAGE,
    tags: TAGS,
    summary: "Make one of the bank's merchants a lender, collecting on its page through a card integration",
    body: lenderAddBodySchema,
    answers: { 201: lenderSchema, 400: errorResponseSchema, ...signedInErrors },
  }),
  edit: route({
    method: "PUT",
    path: "/api/bank/lenders/:id",
    access: MANAGE,
    tags: TAGS,
    summary: "Change a lender's card integration or page id, or disable (and enable again) its lending page",
    params: idParams,
    body: lenderEditBodySchema,
    answers: { 200: lenderSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...signedInErrors },
  }),
};
