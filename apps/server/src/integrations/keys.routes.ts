import { isCountry, messageText, type PermissionName } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthUser, requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { paymentError } from "../payments/errors.ts";
import { portalErrorHandler } from "../public-api/http.ts";
import { currentKeys, hmacSecret, keysStatus, type RecreatableKey, recreateKey } from "./keys.service.ts";

const TAGS = ["API keys"];
export const DOCUMENTATION_URL = "/docs/payments.md";

const errorSchema = z.object({ detail: z.string(), code: z.string() });
const keySchema = z.object({ prefix: z.string(), value: z.string().nullable(), created_at: z.string() });
const modeKeys = z.object({ test: keySchema.nullable(), live: keySchema.nullable() });

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
export const keysRoutes: FastifyPluginAsyncZod = async (app) => {
  const rt = app.payments;
  app.setErrorHandler(portalErrorHandler);

  app.get(
    "/api/keys",
    {
      schema: {
        tags: TAGS,
        summary: "The merchant's keys: status, API key, secret and public keys per mode, HMAC secret",
        description:
          "API and secret keys are stored hashed: only their prefix is shown (the whole value once, when recreated). " +
          "Sections the user may not view are null; a user who may view none gets 403.",
        response: {
          200: z.object({
            status: z.enum(["Complete", "Incomplete"]),
            api_key: keySchema.nullable(),
            secret_keys: modeKeys.nullable(),
            public_keys: modeKeys.nullable(),
            hmac_secret: z.string().nullable(),
            documentation_url: z.string(),
          }),
          403: errorSchema,
        },
      },
      config: { permission: null },
    },
    async (request) => {
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
    },
  );

  app.post(
    "/api/keys/:kind/recreate",
    {
      schema: {
        tags: TAGS,
        summary: "Recreate one key; the old one stops working at once and the new value is shown this once",
        params: z.object({ kind: z.enum(["api", "secret", "public", "hmac"]) }),
        body: z.object({ is_live: z.boolean().default(false) }).default({ is_live: false }),
        response: {
          200: z.object({ kind: z.string(), is_live: z.boolean(), value: z.string() }),
          403: errorSchema,
        },
      },
      config: { permission: null },
    },
    async (request) => {
      const user = requireUser(request);
      const merchantId = requireMerchantId(request);
      const kind = request.params.kind;
      if (!may(user, RECREATE[kind]))
        throw paymentError(403, "no_key_recreate_permission", messageText("no_key_recreate_permission"));
      const merchant = await rt.db
        .selectFrom("merchants")
        .select("country")
        .where("id", "=", merchantId)
        .executeTakeFirstOrThrow();
      const isLive = kind === "api" || kind === "hmac" ? false : request.body.is_live;
      const value = await recreateKey(rt.db, merchantId, kind, {
        country: isCountry(merchant.country) ? merchant.country : "EGY",
        isLive,
        dataKey: rt.dataKey,
      });
      return { kind, is_live: isLive, value };
    },
  );
};
