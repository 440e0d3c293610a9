import { toast } from "../app/toast.ts";
import { i18n } from "../i18n/i18n.ts";
import { errorMessage, isApiError } from "./errors.ts";

/**
 * The generic error handler (spec section 8): a 401 has already logged the user out through the client, so it
 * shows nothing more; anything else becomes an error toast with the best message we have.
 */
export function reportError(err: unknown): void {
  if (isApiError(err) && err.handled) return;
  toast.error(messageOf(err));
}

export function messageOf(err: unknown): string {
  return errorMessage(err, i18n.t("messages.generic"), (code) => {
    const key = `errors.${code}`;
    return i18n.exists(key) ? i18n.t(key as "errors.forbidden") : undefined;
  });
}
