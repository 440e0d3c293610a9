import type { TFunction } from "i18next";
import { isApiError } from "../../api/errors.ts";
import { reportError } from "../../api/reportError.ts";
import { goTo, href } from "../../app/navigation.ts";
import { clearLocalData } from "../../auth/signOut.ts";
import type { Lang } from "../../i18n/language.ts";

/**
 * What a change confirmed by the password does with a refusal: a wrong password is the field's message (it
 * counted towards the lock-out, docs/settings.md); a locked account is told and signed out; anything else is the
 * generic handler's toast. Answers the password field's message, if any.
 */
export function passwordRefusal(err: unknown, t: TFunction, lang: Lang): string | undefined {
  if (isApiError(err) && err.code === "wrong_old_password") return t("profile.wrongPassword");
  reportError(err);
  if (isApiError(err) && err.code === "account_locked") {
    clearLocalData();
    goTo(href(lang, "login"), true);
  }
  return undefined;
}
