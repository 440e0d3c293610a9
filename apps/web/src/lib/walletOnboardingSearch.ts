/**
 * The query of the wallet-provider onboarding result (/portal2/{lang}/wallet-onboarding/result, docs/onboarding.md
 * "Public and host pages"): the provider sends the merchant back with ?status= and ?reference=. Words for success
 * and for failure that providers commonly use are understood; anything else is an unknown result, never a success.
 */
export type WalletOnboardingStatus = "success" | "failure" | "unknown";

// A type, not an interface: the page parses its own search again, and only a type is a Record<string, unknown>.
export type WalletOnboardingSearch = {
  status?: WalletOnboardingStatus;
  reference?: string;
};

const SUCCESS = new Set([
  "success",
  "succeeded",
  "successful",
  "approved",
  "completed",
  "complete",
  "true",
  "ok",
]);
const FAILURE = new Set([
  "failure",
  "failed",
  "fail",
  "declined",
  "denied",
  "rejected",
  "error",
  "cancelled",
  "canceled",
  "false",
]);

/** A reference is shown to be quoted to support: letters, digits and - _ . / only, at most 64 of them. */
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

export function walletOnboardingStatus(value: unknown): WalletOnboardingStatus {
  const word =
    typeof value === "string" || typeof value === "boolean" ? String(value).trim().toLowerCase() : "";
  if (SUCCESS.has(word)) return "success";
  if (FAILURE.has(word)) return "failure";
  return "unknown";
}

export function parseWalletOnboardingSearch(search: Record<string, unknown>): WalletOnboardingSearch {
  const out: WalletOnboardingSearch = {};
  if (search.status !== undefined) out.status = walletOnboardingStatus(search.status);
  const reference =
    typeof search.reference === "string" || typeof search.reference === "number"
      ? String(search.reference).trim()
      : "";
  if (REFERENCE.test(reference)) out.reference = reference;
  return out;
}
