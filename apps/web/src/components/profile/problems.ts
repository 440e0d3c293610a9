import type { ProfileProblem } from "@portal/domain/api/profile";
import type { TFunction } from "i18next";
import { isApiError } from "../../api/errors.ts";

/** A field's problem code (from the domain's rules or the server's `fields`) in the user's language. */
export function problemText(t: TFunction, code: ProfileProblem | string | undefined): string | undefined {
  if (!code) return undefined;
  return t(`profile.problems.${code as ProfileProblem}`, { defaultValue: t("profile.problems.invalid") });
}

/** The field problems of a 400 answer, by field, as codes. */
export function serverProblems(err: unknown): Record<string, string> {
  if (!isApiError(err) || err.status !== 400) return {};
  return Object.fromEntries(
    Object.entries(err.fields)
      .filter(([, codes]) => codes[0] !== undefined)
      .map(([field, codes]) => [field, codes[0] as string]),
  );
}
