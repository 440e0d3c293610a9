import { z } from "zod";
import { route } from "../contract.ts";
import { COUNTRIES } from "../countries.ts";
import { HOST_BRANDS } from "../host-brands.ts";

/** GET /api/config: what the web app needs before sign-in. */
export const appConfigResponseSchema = z.object({
  country: z.enum(COUNTRIES),
  /** True when e-mail is not sent but kept in the local mailbox (/portal2/{lang}/mailbox). */
  mailbox: z.boolean(),
  version: z.string(),
  /** The brand of a wallet-provider or telecom-merchant host (WALLET_PROVIDER_HOSTS, TELECOM_HOSTS); absent on the provider's own. */
  brand: z.enum(HOST_BRANDS).optional(),
});
export type AppConfigResponse = z.infer<typeof appConfigResponseSchema>;

/** What the web app needs before anyone signs in, and the process's health. */
export const configApi = {
  config: route({
    method: "GET",
    path: "/api/config",
    access: { public: true },
    tags: ["config"],
    summary: "Country, mailbox and version",
    answers: { 200: appConfigResponseSchema },
  }),
  healthz: route({
    method: "GET",
    path: "/healthz",
    access: { public: true },
    tags: ["health"],
    summary: "Liveness: answers without touching the database",
    answers: { 200: z.object({ status: z.literal("ok") }) },
  }),
  readyz: route({
    method: "GET",
    path: "/readyz",
    access: { public: true },
    tags: ["health"],
    summary: "Readiness: the database answers",
    answers: {
      200: z.object({ status: z.literal("ready"), database: z.enum(["pglite", "postgres"]) }),
      503: z.object({ status: z.literal("unavailable") }),
    },
  }),
};
