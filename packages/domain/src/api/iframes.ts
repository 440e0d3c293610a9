import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";
import { detailAnswerSchema, idParams } from "./workspace-shared.ts";

/**
 * The merchant's iframes (merchant-dashboard.md section 3 "Iframe", back-office.md sections 2, 3, 5, 6, 8
 * "Iframes"): a page of the merchant's own HTML, JavaScript and CSS, published at an unguessable public id and
 * embedded by the merchant in its own site. The dashboard lists, adds, previews, edits, duplicates and deletes
 * them; the document itself is served by the checkout side (GET /checkout/iframes/:public_id, apps/server
 * src/iframes/iframe-document.ts) in a sandbox with a strict Content-Security-Policy, never on the dashboard's
 * origin. docs/settings.md "Iframes" describes the rules.
 */

/** At most this many iframes per account (the spec's "Maximum 10 iframes per account"). */
export const IFRAME_LIMIT = 10;

/** Upper bounds on what an iframe holds, in characters (principle 14; docs/settings.md "Iframes"). */
export const IFRAME_LIMITS = {
  name: 100,
  description: TEXT_MAX.description,
  html: 64_000,
  javascript: 64_000,
  css: 32_000,
} as const;

/** The messages of the iframe form (en; the dashboard translates them by field and code). */
export const IFRAME_MESSAGES = {
  required: "This field is required.",
  tooLong: "Ensure this field has no more than {max} characters.",
} as const;

/** The path of the published document of an iframe, under the checkout side. */
export const iframeDocumentPath = (publicId: string) => `/checkout/iframes/${encodeURIComponent(publicId)}`;

/** A public id: 32 characters of base64url (192 random bits). */
export const IFRAME_PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** One iframe in the list: no content, so ten of them stay small. */
export const iframeSummarySchema = z.object({
  id: z.number(),
  /** The unguessable id of the published document (its link). */
  public_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  /** The published document's absolute URL (what the merchant embeds). */
  link: z.string(),
});
export type IframeSummary = z.infer<typeof iframeSummarySchema>;

/** One iframe with its content (the edit form). */
export const iframeSchema = iframeSummarySchema.extend({
  html: z.string(),
  javascript: z.string(),
  css: z.string(),
});
export type Iframe = z.infer<typeof iframeSchema>;

/** GET /api/iframes: every iframe of the account (at most IFRAME_LIMIT), newest first, and the limit. */
export const iframeListAnswerSchema = listAnswer(iframeSummarySchema).extend({
  limit: z.number().int(),
  /** The provider's support address the limit's message names. */
  support_email: z.string(),
});
export type IframeListAnswer = z.infer<typeof iframeListAnswerSchema>;

/**
 * An iframe as the dashboard sends it. Types and bounds of transport only (a generous ceiling, so the server's
 * own check answers the field's length message); the name is required and every length bounded by the server.
 */
export const iframeInputSchema = z.object({
  name: boundedText(2 * IFRAME_LIMITS.name).optional(),
  description: boundedText(2 * IFRAME_LIMITS.description, { multiline: true })
    .nullable()
    .optional(),
  html: boundedText(2 * IFRAME_LIMITS.html, { multiline: true }).optional(),
  javascript: boundedText(2 * IFRAME_LIMITS.javascript, { multiline: true }).optional(),
  css: boundedText(2 * IFRAME_LIMITS.css, { multiline: true }).optional(),
});
export type IframeInput = z.input<typeof iframeInputSchema>;

/** POST /api/iframes/:id/duplicate: the copy's name (the dashboard sends it in the user's language). */
export const iframeDuplicateSchema = z
  .object({ name: boundedText(2 * IFRAME_LIMITS.name).optional() })
  .nullish();

const TAGS = ["Iframes"] as const;

export const iframesApi = {
  list: route({
    method: "GET",
    path: "/api/iframes",
    access: { permission: "can view iframe" },
    tags: TAGS,
    summary: "The account's iframes (at most 10), newest first, with the limit and the support address",
    answers: { 200: iframeListAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/iframes/:id",
    access: { permission: "can view iframe" },
    tags: TAGS,
    summary: "One iframe with its HTML, JavaScript and CSS",
    params: idParams,
    answers: { 200: iframeSchema, 404: errorResponseSchema },
  }),
  create: route({
    method: "POST",
    path: "/api/iframes",
    access: { permission: "can create iframe" },
    tags: TAGS,
    summary: "Creates an iframe; the 11th of an account answers 403 (iframe_limit)",
    body: iframeInputSchema,
    answers: { 201: iframeSchema, 400: errorResponseSchema, 403: errorResponseSchema },
  }),
  update: route({
    method: "PUT",
    path: "/api/iframes/:id",
    access: { permission: "can update iframe" },
    tags: TAGS,
    summary: "Edits an iframe (a field left out keeps its value); its link stays",
    params: idParams,
    body: iframeInputSchema,
    answers: { 200: iframeSchema, 400: errorResponseSchema, 404: errorResponseSchema },
  }),
  duplicate: route({
    method: "POST",
    path: "/api/iframes/:id/duplicate",
    access: { permission: "can create iframe" },
    tags: TAGS,
    summary:
      "Copies an iframe under a new link (the name sent, or the original's with ' (copy)'); counts toward the 10",
    params: idParams,
    body: iframeDuplicateSchema,
    answers: { 201: iframeSchema, 403: errorResponseSchema, 404: errorResponseSchema },
  }),
  remove: route({
    method: "DELETE",
    path: "/api/iframes/:id",
    access: { permission: "can delete iframe" },
    tags: TAGS,
    summary: "Deletes an iframe: its link answers 404 at once",
    params: idParams,
    answers: { 200: detailAnswerSchema, 404: errorResponseSchema },
  }),
};
