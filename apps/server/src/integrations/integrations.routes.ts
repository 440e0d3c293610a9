import {
  COUNTRY_INFO,
  CURRENCIES,
  GATEWAY_TYPES,
  INTEGRATION_TYPES,
  type IntegrationType,
  isCountry,
  isHttpUrl,
  messageText,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Selectable, Updateable } from "kysely";
import { z } from "zod";
import { requireMerchantId } from "../auth/auth.hook.ts";
import type { IntegrationsTable } from "../db/schema.ts";
import { paymentError } from "../payments/errors.ts";
import { portalErrorHandler } from "../public-api/http.ts";

const TAGS = ["payment integrations"];

/** The gateway an integration type takes when the form does not choose one. */
export const DEFAULT_GATEWAY: Record<IntegrationType, string> = {
  online: "VPC",
  moto: "VPC",
  cash: "CASH",
  vodafone: "UIG",
  card_present: "card_present",
  installments: "INSTALLMENT",
};

/** Gateways each integration type may use; anything else is refused with the spec's 403. */
const ALLOWED_GATEWAYS: Record<IntegrationType, readonly string[]> = {
  online: [
    "VPC",
    "CARDS",
    "MIGS",
    "PREMIUM",
    "CAGG",
    "aggregator",
    "VALU",
    "GET_GO",
    "Shahry_online",
    "omannet",
    "PAYPAL",
  ],
  moto: ["VPC", "CARDS", "MIGS"],
  cash: ["CASH"],
  vodafone: ["UIG", "MPAY"],
  card_present: ["card_present"],
  installments: ["INSTALLMENT", "installments", "VALU", "GET_GO", "Shahry_online"],
};

const urlField = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === "" || isHttpUrl(v), { message: messageText("invalid_url") })
  .nullable()
  .optional();

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

const errorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

export function integrationView(row: Selectable<IntegrationsTable>): z.infer<typeof integrationSchema> {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    gateway_type: row.gateway_type,
    currency: row.currency,
    is_live: row.is_live,
    status: row.is_active ? "Active" : "Inactive",
    is_shopify: row.is_shopify,
    is_auth: row.is_auth,
    created_at: row.created_at.toISOString(),
    processed_callback_url: row.processed_callback_url,
    response_callback_url: row.response_callback_url,
    auto_callback_retrial: row.auto_callback_retrial,
    onboarding_status: row.onboarding_status,
    frame_origins: row.frame_origins,
  };
}

const emptyToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v === "" ? null : v;

/**
 * The payment integrations screens (merchant-dashboard.md section 2): list, add, details, edit callbacks and the
 * auto callback retrial toggle. Every query is scoped to the signed-in user's merchant.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.payments.db;
  app.setErrorHandler(portalErrorHandler);

  const load = async (merchantId: number, id: number) => {
    const row = await db
      .selectFrom("integrations")
      .selectAll()
      .where("id", "=", id)
      .where("merchant_id", "=", merchantId)
      .executeTakeFirst();
    if (!row) throw paymentError(404, "not_found", "Not found.");
    return row;
  };

  /** Changes one of the merchant's integrations (404 when it is not theirs) and answers the edit's message. */
  const edit = async (merchantId: number, id: number, set: Updateable<IntegrationsTable>) => {
    const row =
      Object.keys(set).length === 0
        ? await load(merchantId, id)
        : await db
            .updateTable("integrations")
            .set(set)
            .where("id", "=", id)
            .where("merchant_id", "=", merchantId)
            .returningAll()
            .executeTakeFirst();
    if (!row) throw paymentError(404, "not_found", "Not found.");
    return { detail: messageText("integration_edited"), integration: integrationView(row) };
  };

  app.get(
    "/api/integrations",
    {
      schema: {
        tags: TAGS,
        summary: "The merchant's payment integrations, newest first",
        querystring: z.object({
          is_live: z.enum(["true", "false"]).optional(),
          page: z.coerce.number().int().min(1).default(1),
          page_size: z.coerce.number().int().min(1).max(100).default(10),
        }),
        response: {
          200: z.object({
            count: z.number(),
            page: z.number(),
            page_size: z.number(),
            results: z.array(integrationSchema),
          }),
        },
      },
      config: { permission: "can view payment integration" },
    },
    async (request) => {
      const merchantId = requireMerchantId(request);
      const { is_live, page, page_size } = request.query;
      let query = db.selectFrom("integrations").where("merchant_id", "=", merchantId);
      if (is_live !== undefined) query = query.where("is_live", "=", is_live === "true");
      const { count } = await query
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(page_size)
        .offset((page - 1) * page_size)
        .execute();
      return { count: Number(count), page, page_size, results: rows.map(integrationView) };
    },
  );

  app.post(
    "/api/integrations",
    {
      schema: {
        tags: TAGS,
        summary: "Add a payment integration",
        description:
          "403 'Cannot create this integration.' for a live integration of a merchant that is not live yet, or a gateway the type does not take.",
        body: z.object({
          name: z.string().trim().min(1, messageText("required")).max(100),
          type: z.enum(INTEGRATION_TYPES),
          gateway_type: z.enum(GATEWAY_TYPES).optional(),
          currency: z.enum(CURRENCIES).optional(),
          is_live: z.boolean().default(false),
          is_auth: z.boolean().default(false),
          processed_callback_url: urlField,
          response_callback_url: urlField,
          auto_callback_retrial: z.boolean().default(false),
        }),
        response: {
          201: z.object({ detail: z.string(), integration: integrationSchema }),
          400: errorSchema,
          403: errorSchema,
        },
      },
      config: { permission: "can create payment integration" },
    },
    async (request, reply) => {
      const merchantId = requireMerchantId(request);
      const b = request.body;
      const merchant = await db
        .selectFrom("merchants")
        .select(["country", "is_live"])
        .where("id", "=", merchantId)
        .executeTakeFirstOrThrow();
      const gateway = b.gateway_type ?? DEFAULT_GATEWAY[b.type];
      const cannot = () => paymentError(403, "integration_403", messageText("integration_403"));
      if (!ALLOWED_GATEWAYS[b.type].includes(gateway)) throw cannot();
      if (b.is_live && !merchant.is_live) throw cannot();
      if (b.is_auth && !["VPC", "CARDS", "MIGS"].includes(gateway)) throw cannot();
      const currency =
        b.currency ?? (isCountry(merchant.country) ? COUNTRY_INFO[merchant.country].currency : "EGP");
      const row = await db
        .insertInto("integrations")
        .values({
          merchant_id: merchantId,
          name: b.name,
          type: b.type,
          gateway_type: gateway,
          currency,
          is_live: b.is_live,
          is_auth: b.is_auth,
          processed_callback_url: emptyToNull(b.processed_callback_url) ?? null,
          response_callback_url: emptyToNull(b.response_callback_url) ?? null,
          auto_callback_retrial: b.auto_callback_retrial,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply
        .code(201)
        .send({ detail: messageText("integration_added"), integration: integrationView(row) });
    },
  );

  const idParams = z.object({ id: z.coerce.number().int().positive() });

  app.get(
    "/api/integrations/:id",
    {
      schema: {
        tags: TAGS,
        summary: "One payment integration",
        params: idParams,
        response: { 200: integrationSchema, 404: errorSchema },
      },
      config: { permission: "can view payment integration" },
    },
    async (request) => integrationView(await load(requireMerchantId(request), request.params.id)),
  );

  app.patch(
    "/api/integrations/:id/callbacks",
    {
      schema: {
        tags: TAGS,
        summary: "Edit the transaction processed and response callback urls (empty clears one)",
        params: idParams,
        // Strict: an unknown field is a 400 naming it, not silently dropped (an empty update was a 500).
        body: z.strictObject({ processed_callback_url: urlField, response_callback_url: urlField }),
        response: {
          200: z.object({ detail: z.string(), integration: integrationSchema }),
          400: errorSchema,
          404: errorSchema,
        },
      },
      config: { permission: "can update payment integration" },
    },
    async (request) => {
      const processed = emptyToNull(request.body.processed_callback_url);
      const response = emptyToNull(request.body.response_callback_url);
      // Nothing to change (an empty body) answers the integration as it is, not an empty UPDATE.
      return edit(requireMerchantId(request), request.params.id, {
        ...(processed !== undefined ? { processed_callback_url: processed } : {}),
        ...(response !== undefined ? { response_callback_url: response } : {}),
      });
    },
  );

  app.put(
    "/api/integrations/:id/frame_origins",
    {
      schema: {
        tags: TAGS,
        summary: "Set the https origins whose pages may frame this integration's hosted checkout",
        description: `At most ${MAX_FRAME_ORIGINS}; an empty list lets only the portal frame it.`,
        params: idParams,
        body: z.strictObject({ frame_origins: frameOriginsSchema }),
        response: {
          200: z.object({ detail: z.string(), integration: integrationSchema }),
          400: errorSchema,
          404: errorSchema,
        },
      },
      config: { permission: "can update payment integration" },
    },
    async (request) =>
      edit(requireMerchantId(request), request.params.id, { frame_origins: request.body.frame_origins }),
  );

  app.put(
    "/api/integrations/:id/auto_callback_retrial",
    {
      schema: {
        tags: TAGS,
        summary: "Turn auto callback retrial on or off (up to 15 attempts, each interval twice the last)",
        params: idParams,
        body: z.object({ enabled: z.boolean() }),
        response: { 200: z.object({ detail: z.string(), integration: integrationSchema }), 404: errorSchema },
      },
      config: { permission: "can update payment integration" },
    },
    async (request) =>
      edit(requireMerchantId(request), request.params.id, { auto_callback_retrial: request.body.enabled }),
  );
};
