import { z } from "zod";
import { errorResponseSchema, listAnswer, route, signedInErrors } from "../contract.ts";
import { CURRENCIES } from "../currencies.ts";
import { GATEWAY_TYPES, INTEGRATION_TYPES } from "../gateways.ts";
import { messageText } from "../messages.ts";
import { isHttpUrl } from "../validation.ts";

/**
 * The payment integrations screens (merchant-dashboard.md section 2): list, add, details, edit callbacks, the
 * framing origins of the hosted checkout and the auto callback retrial toggle. Every route is scoped to the
 * signed-in user's merchant (apps/server/src/integrations/integrations.routes.ts).
 */

/** Most characters of a callback address. */
export const CALLBACK_URL_MAX_LENGTH = 2000;

/**
 * An integration's callback address as typed, the one rule of the server and the dashboard's form: empty (none)
 * or an http(s) URL (validation.ts isHttpUrl), trimmed, at most CALLBACK_URL_MAX_LENGTH characters. `message` is
 * the issue's text: the server's English message, the form's catalogue key.
 */
export function callbackUrlText(message: string) {
  return z
    .string()
    .trim()
    .max(CALLBACK_URL_MAX_LENGTH, message)
    .refine((v) => v === "" || isHttpUrl(v), { message });
}

/** A callback address in a request: missing (unchanged), null or empty (none), or an http(s) URL. */
const callbackUrlField = callbackUrlText(messageText("invalid_url")).nullable().optional();

/** How many origins may frame one integration's checkout: a merchant's site or two, not a list of the web. */
export const MAX_FRAME_ORIGINS = 5;

/** An https origin exactly (scheme, host, optional port; no path, query or wildcard), kept in URL.origin form. */
const frameOrigin = z
  .string()
  .trim()
  .max(200)
  .transform((value, ctx) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    const bare = value.replace(/\/$/, "").toLowerCase();
    // A host name or address only: URL accepts "*" in a host, which a CSP source would read as a wildcard.
    const plainHost = url && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname);
    if (!url || !plainHost || url.protocol !== "https:" || bare !== url.origin) {
      ctx.addIssue({ code: "custom", message: "Enter an https origin such as https://shop.example.com." });
      return z.NEVER;
    }
    return url.origin;
  });

/** The origins that may frame an integration's checkout: at most MAX_FRAME_ORIGINS, each once. */
export const frameOriginsSchema = z
  .array(frameOrigin)
  .max(MAX_FRAME_ORIGINS, `At most ${MAX_FRAME_ORIGINS} origins.`)
  .transform((origins) => [...new Set(origins)]);

export const integrationSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  gateway_type: z.string(),
  currency: z.string(),
  is_live: z.boolean(),
  status: z.enum(["Active", "Inactive"]),
  is_shopify: z.boolean(),
  is_auth: z.boolean(),
  created_at: z.string(),
  processed_callback_url: z.string().nullable(),
  response_callback_url: z.string().nullable(),
  auto_callback_retrial: z.boolean(),
  onboarding_status: z.string(),
  /** Origins that may frame the hosted checkout of this integration's payments (besides the portal). */
  frame_origins: z.array(z.string()),
});
export type Integration = z.infer<typeof integrationSchema>;

/** What an add or an edit answers: the message to show and the integration as it now is. */
const integrationAnswerSchema = z.object({ detail: z.string(), integration: integrationSchema });
export type IntegrationAnswer = z.infer<typeof integrationAnswerSchema>;

export const newIntegrationSchema = z.object({
  name: z.string().trim().min(1, messageText("required")).max(100),
  type: z.enum(INTEGRATION_TYPES),
  gateway_type: z.enum(GATEWAY_TYPES).optional(),
  currency: z.enum(CURRENCIES).optional(),
  is_live: z.boolean().default(false),
  is_auth: z.boolean().default(false),
  processed_callback_url: callbackUrlField,
  response_callback_url: callbackUrlField,
  auto_callback_retrial: z.boolean().default(false),
});
export type NewIntegration = z.input<typeof newIntegrationSchema>;

const idParams = z.object({ id: z.coerce.number().int().positive() });
const TAGS = ["payment integrations"] as const;

export const integrationsApi = {
  list: route({
    method: "GET",
    path: "/api/integrations",
    access: { permission: "can view payment integration" },
    tags: TAGS,
    summary: "The merchant's payment integrations, newest first",
    query: z.object({
      is_live: z.enum(["true", "false"]).optional(),
      page: z.coerce.number().int().min(1).default(1),
      page_size: z.coerce.number().int().min(1).max(100).default(10),
    }),
    answers: { 200: listAnswer(integrationSchema), ...signedInErrors },
  }),
  add: route({
    method: "POST",
    path: "/api/integrations",
    access: { permission: "can create payment integration" },
    tags: TAGS,
    summary: "Add a payment integration",
    description:
      "403 'Cannot create this integration.' for a live integration of a merchant that is not live yet, or a gateway the type does not take.",
    body: newIntegrationSchema,
    answers: { 201: integrationAnswerSchema, 400: errorResponseSchema, ...signedInErrors },
  }),
  get: route({
    method: "GET",
    path: "/api/integrations/:id",
    access: { permission: "can view payment integration" },
    tags: TAGS,
    summary: "One payment integration",
    params: idParams,
    answers: { 200: integrationSchema, ...signedInErrors, 404: errorResponseSchema },
  }),
  editCallbacks: route({
    method: "PATCH",
    path: "/api/integrations/:id/callbacks",
    access: { permission: "can update payment integration" },
    tags: TAGS,
    summary: "Edit the transaction processed and response callback urls (empty clears one)",
    params: idParams,
    // Strict: an unknown field is a 400 naming it, not silently dropped (an empty update was a 500).
    body: z.strictObject({
      processed_callback_url: callbackUrlField,
      response_callback_url: callbackUrlField,
    }),
    answers: {
      200: integrationAnswerSchema,
      400: errorResponseSchema,
      ...signedInErrors,
      404: errorResponseSchema,
    },
  }),
  setFrameOrigins: route({
    method: "PUT",
    path: "/api/integrations/:id/frame_origins",
    access: { permission: "can update payment integration" },
    tags: TAGS,
    summary: "Set the https origins whose pages may frame this integration's hosted checkout",
    description: `At most ${MAX_FRAME_ORIGINS}; an empty list lets only the portal frame it.`,
    params: idParams,
    body: z.strictObject({ frame_origins: frameOriginsSchema }),
    answers: {
      200: integrationAnswerSchema,
      400: errorResponseSchema,
      ...signedInErrors,
      404: errorResponseSchema,
    },
  }),
  setAutoRetrial: route({
    method: "PUT",
    path: "/api/integrations/:id/auto_callback_retrial",
    access: { permission: "can update payment integration" },
    tags: TAGS,
    summary: "Turn auto callback retrial on or off (up to 15 attempts, each interval twice the last)",
    params: idParams,
    body: z.object({ enabled: z.boolean() }),
    answers: {
      200: integrationAnswerSchema,
      400: errorResponseSchema,
      ...signedInErrors,
      404: errorResponseSchema,
    },
  }),
};
