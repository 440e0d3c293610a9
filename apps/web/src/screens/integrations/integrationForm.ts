import { callbackUrlText, frameOriginsSchema } from "@portal/domain/api/integrations";
import { CURRENCIES } from "@portal/domain/currencies";
import { INTEGRATION_TYPES } from "@portal/domain/gateways";
import { z } from "zod";
import { isApiError } from "../../api/errors.ts";

/** An optional callback url: the contract's rule (empty, or an http(s) URL), with the form's message key. */
export const callbackUrl = callbackUrlText("invalidUrl");

export const addIntegrationSchema = z.object({
  name: z.string().trim().min(1, "nameRequired").max(100, "nameTooLong"),
  type: z.enum(INTEGRATION_TYPES),
  currency: z.enum(CURRENCIES),
  mode: z.enum(["test", "live"]),
  processed_callback_url: callbackUrl,
  response_callback_url: callbackUrl,
});
export type AddIntegrationValues = z.infer<typeof addIntegrationSchema>;

export const callbacksSchema = z.object({
  processed_callback_url: callbackUrl,
  response_callback_url: callbackUrl,
});
export type CallbacksValues = z.infer<typeof callbacksSchema>;

export type AddFailure = "cannotCreate" | "generic";

/** The add form's failure message (spec section 9): 403 'Cannot create this integration.', else the generic text. */
export function addFailureMessage(err: unknown): AddFailure {
  return isApiError(err) && err.kind === "http" && err.status === 403 && err.code !== "csrf"
    ? "cannotCreate"
    : "generic";
}

const FORM_PROBLEMS = ["nameRequired", "nameTooLong", "invalidUrl"] as const;
export type FormProblem = (typeof FORM_PROBLEMS)[number];

/** The catalogue key (under integrations.form) of a field problem of the schemas above. */
export function formProblem(message: string | undefined): FormProblem | undefined {
  return (FORM_PROBLEMS as readonly string[]).includes(message ?? "") ? (message as FormProblem) : undefined;
}

export { MAX_FRAME_ORIGINS } from "@portal/domain/api/integrations";

/**
 * The framing origins typed one a line (or separated by spaces or commas), checked with the contract's rule
 * (each an https origin with no path, at most MAX_FRAME_ORIGINS, each once, lower-cased); undefined when one is
 * not. The server checks the same and has the last word.
 */
export function parseFrameOrigins(text: string): string[] | undefined {
  const items = text.split(/[\s,]+/).filter(Boolean);
  const parsed = frameOriginsSchema.safeParse(items);
  return parsed.success ? parsed.data : undefined;
}
