import { isCountry, keysApi, messageText, type PermissionName, type RecreatableKey } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { type AuthUser, requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { paymentError } from "../payments/errors.ts";
import { integrationMerchant } from "./integrations.repository.ts";
import { currentKeys, hmacSecret, keysStatus, recreateKey } from "./keys.service.ts";

export const DOCUMENTATION_URL = "/docs/payments.md";

/** The permission to view, and to recreate, each kind of key (merchant-dashboard.md section 6). */
const VIEW: Record<RecreatableKey, PermissionName> = {
  api: "can view api key",
  secret: "can view public secret keys",
  public: "can view public secret keys",
  hmac: "can view public secret keys",
};
const RECREATE: Record<RecreatableKey, PermissionName> = {
  api: "can recreate api key",
  secret: "can recreate public secret keys",
  public: "can recreate public secret keys",
  hmac: "can recreate public secret keys",
};

function may(user: AuthUser, permission: PermissionName): boolean {
  return user.permissions.has(permission);
}

/**
 * The API keys screen. Viewing and recreating are guarded per kind of key with the spec's messages ('This user
 * does not have permission to view the key' / '... to recreate the key'); any signed-in merchant user may ask.
 */
export const keysRoutes: FastifyPluginAsync = async (app) => {
  const rt = app.payments;

  implement(app, keysApi.keys, async (request) => {
    const user = requireUser(request);
    const merchantId = requireMerchantId(request);
    const viewApi = may(user, VIEW.api);
    const viewKeys = may(user, VIEW.secret);
    if (!viewApi && !viewKeys)
      throw paymentError(403, "no_key_view_permission", messageText("no_key_view_permission"));
    const keys = await currentKeys(rt.db, merchantId);
    const hmac = await hmacSecret(rt.db, merchantId, rt.dataKey);
    const pick = (kind: "api" | "secret" | "public", isLive: boolean) => {
      const k = keys.find((x) => x.kind === kind && x.is_live === isLive);
      return k ? { prefix: k.prefix, value: k.value, created_at: k.created_at } : null;
    };
    return {
      status: keysStatus(keys, hmac !== null),
      api_key: viewApi ? pick("api", false) : null,
      secret_keys: viewKeys ? { test: pick("secret", false), live: pick("secret", true) } : null,
      public_keys: viewKeys ? { test: pick("public", false), live: pick("public", true) } : null,
      hmac_secret: viewKeys ? hmac : null,
      documentation_url: DOCUMENTATION_URL,
    };
  });

  implement(app, keysApi.recreate, async (request) => {
    const user = requireUser(request);
    const merchantId = requireMerchantId(request);
    const kind = request.params.kind;
    if (!may(user, RECREATE[kind]))
      throw paymentError(403, "no_key_recreate_permission", messageText("no_key_recreate_permission"));
    const merchant = await integrationMerchant(rt.db, merchantId);
    const isLive = kind === "api" || kind === "hmac" ? false : request.body.is_live;
    const value = await recreateKey(rt.db, merchantId, kind, {
      country: isCountry(merchant.country) ? merchant.country : "EGY",
      isLive,
      dataKey: rt.dataKey,
    });
    return { kind, is_live: isLive, value };
  });
};
