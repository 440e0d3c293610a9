import { z } from "zod";
import { errorResponseSchema, route, signedInErrors } from "../contract.ts";

/**
 * The API keys screen (merchant-dashboard.md section 6). Any signed-in merchant user may ask; viewing and
 * recreating are guarded per kind of key with the spec's messages (apps/server/src/integrations/keys.routes.ts).
 */

export const RECREATABLE_KEYS = ["api", "secret", "public", "hmac"] as const;
/** The kinds of key the screen shows and recreates. */
export type RecreatableKey = (typeof RECREATABLE_KEYS)[number];

/** A key as shown: hashed keys (API, secret) carry only their prefix (value null); the whole value once. */
export const keyViewSchema = z.object({
  prefix: z.string(),
  value: z.string().nullable(),
  created_at: z.string(),
});
export type KeyView = z.infer<typeof keyViewSchema>;

const modeKeysSchema = z.object({ test: keyViewSchema.nullable(), live: keyViewSchema.nullable() });

const TAGS = ["API keys"] as const;

export const keysApi = {
  keys: route({
    method: "GET",
    path: "/api/keys",
    access: { permission: null },
    tags: TAGS,
    summary: "The merchant's keys: status, API key, secret and public keys per mode, HMAC secret",
    description:
      "API and secret keys are stored hashed: only their prefix is shown (the whole value once, when recreated). " +
      "Sections the user may not view are null; a user who may view none gets 403.",
    answers: {
      200: z.object({
        status: z.enum(["Complete", "Incomplete"]),
        api_key: keyViewSchema.nullable(),
        secret_keys: modeKeysSchema.nullable(),
        public_keys: modeKeysSchema.nullable(),
        hmac_secret: z.string().nullable(),
        documentation_url: z.string(),
      }),
      ...signedInErrors,
    },
  }),
  recreate: route({
    method: "POST",
    path: "/api/keys/:kind/recreate",
    access: { permission: null },
    tags: TAGS,
    summary: "Recreate one key; the old one stops working at once and the new value is shown this once",
    params: z.object({ kind: z.enum(RECREATABLE_KEYS) }),
    body: z.object({ is_live: z.boolean().default(false) }).default({ is_live: false }),
    answers: {
      200: z.object({ kind: z.enum(RECREATABLE_KEYS), is_live: z.boolean(), value: z.string() }),
      400: errorResponseSchema,
      ...signedInErrors,
    },
  }),
};
