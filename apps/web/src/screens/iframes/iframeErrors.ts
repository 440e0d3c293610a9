import type { TFunction } from "i18next";
import { isApiError } from "../../api/errors.ts";

/** The limit's 403 in the user's language, with the support address the server names; else the generic text. */
export function iframeErrorText(err: unknown, t: TFunction, supportEmail: string | undefined): string {
  if (isApiError(err) && err.status === 403 && err.code === "iframe_limit")
    return t("iframes.errors.limit", { email: supportEmail ?? "" });
  return t("messages.generic");
}
