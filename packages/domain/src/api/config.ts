import { z } from "zod";
import { appConfigResponseSchema } from "../app-config.ts";
import { route } from "../contract.ts";

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
