import {
  COUNTRY_INFO,
  type Integration,
  type IntegrationType,
  integrationsApi,
  isCountry,
  messageText,
} from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import type { Updateable } from "kysely";
import { requireMerchantId } from "../auth/auth.hook.ts";
import type { IntegrationRow } from "../db/rows.ts";
import type { IntegrationsTable } from "../db/schema.ts";
import { implement } from "../http/contract-routes.ts";
import { paymentError } from "../payments/errors.ts";
import {
  findIntegration,
  insertIntegration,
  integrationMerchant,
  listIntegrations,
  updateIntegration,
} from "./integrations.repository.ts";

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

export function integrationView(row: IntegrationRow): Integration {
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
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  const db = app.payments.db;

  const load = async (merchantId: number, id: number) => {
    const row = await findIntegration(db, merchantId, id);
    if (!row) throw paymentError(404, "not_found", "Not found.");
    return row;
  };

  /** Changes one of the merchant's integrations (404 when it is not theirs) and answers the edit's message. */
  const edit = async (merchantId: number, id: number, set: Updateable<IntegrationsTable>) => {
    const row =
      Object.keys(set).length === 0
        ? await load(merchantId, id)
        : await updateIntegration(db, merchantId, id, set);
    if (!row) throw paymentError(404, "not_found", "Not found.");
    return { detail: messageText("integration_edited"), integration: integrationView(row) };
  };

  implement(app, integrationsApi.list, async (request) => {
    const merchantId = requireMerchantId(request);
    const { is_live, page, page_size } = request.query;
    const { count, rows } = await listIntegrations(db, merchantId, {
      isLive: is_live === undefined ? undefined : is_live === "true",
      page,
      pageSize: page_size,
    });
    return { count, page, page_size, results: rows.map(integrationView) };
  });

  implement(app, integrationsApi.add, async (request, reply) => {
    const merchantId = requireMerchantId(request);
    const b = request.body;
    const merchant = await integrationMerchant(db, merchantId);
    const gateway = b.gateway_type ?? DEFAULT_GATEWAY[b.type];
    const cannot = () => paymentError(403, "integration_403", messageText("integration_403"));
    if (!ALLOWED_GATEWAYS[b.type].includes(gateway)) throw cannot();
    if (b.is_live && !merchant.is_live) throw cannot();
    if (b.is_auth && !["VPC", "CARDS", "MIGS"].includes(gateway)) throw cannot();
    const currency =
      b.currency ?? (isCountry(merchant.country) ? COUNTRY_INFO[merchant.country].currency : "EGP");
    const row = await insertIntegration(db, merchantId, {
      name: b.name,
      type: b.type,
      gateway_type: gateway,
      currency,
      is_live: b.is_live,
      is_auth: b.is_auth,
      processed_callback_url: emptyToNull(b.processed_callback_url) ?? null,
      response_callback_url: emptyToNull(b.response_callback_url) ?? null,
      auto_callback_retrial: b.auto_callback_retrial,
    });
    return reply
      .code(201)
      .send({ detail: messageText("integration_added"), integration: integrationView(row) });
  });

  implement(app, integrationsApi.get, async (request) =>
    integrationView(await load(requireMerchantId(request), request.params.id)),
  );

  implement(app, integrationsApi.editCallbacks, async (request) => {
    const processed = emptyToNull(request.body.processed_callback_url);
    const response = emptyToNull(request.body.response_callback_url);
    // Nothing to change (an empty body) answers the integration as it is, not an empty UPDATE.
    return edit(requireMerchantId(request), request.params.id, {
      ...(processed !== undefined ? { processed_callback_url: processed } : {}),
      ...(response !== undefined ? { response_callback_url: response } : {}),
    });
  });

  implement(app, integrationsApi.setFrameOrigins, async (request) =>
    edit(requireMerchantId(request), request.params.id, { frame_origins: request.body.frame_origins }),
  );

  implement(app, integrationsApi.setAutoRetrial, async (request) =>
    edit(requireMerchantId(request), request.params.id, { auto_callback_retrial: request.body.enabled }),
  );
};
