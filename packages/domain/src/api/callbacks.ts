import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import { idParams } from "./workspace-shared.ts";

/**
 * A transaction's callback delivery log and its manual resend (the details page's callbacks section). Scoped as
 * the transaction's details: a terminal user reaches only its terminal's payments.
 */

export const callbackAttemptSchema = z.object({
  id: z.number(),
  kind: z.enum(["TRANSACTION", "TOKEN"]),
  trigger: z.enum(["event", "retry", "manual"]),
  attempt: z.number(),
  url: z.string(),
  attempted_at: z.string(),
  finished_at: z.string().nullable(),
  status_code: z.number().nullable(),
  latency_ms: z.number().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  success: z.boolean(),
});
export type CallbackAttempt = z.infer<typeof callbackAttemptSchema>;

const TAGS = ["callbacks"] as const;
const VIEW = { permission: "can view transactions" } as const;

export const callbacksApi = {
  attempts: route({
    method: "GET",
    path: "/api/transactions/:id/callbacks",
    access: VIEW,
    tags: TAGS,
    summary: "Every delivery attempt of the transaction's callbacks, newest first",
    params: idParams,
    answers: { 200: z.object({ results: z.array(callbackAttemptSchema) }), 404: errorResponseSchema },
  }),
  resend: route({
    method: "POST",
    path: "/api/transactions/:id/callbacks/resend",
    access: VIEW,
    tags: TAGS,
    summary: "Send the transaction's processed callback again (retried per the integration's auto retrial)",
    params: idParams,
    answers: { 202: z.object({ detail: z.string() }), 404: errorResponseSchema, 409: errorResponseSchema },
  }),
};
