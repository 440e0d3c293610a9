import type { RegisterBody } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { call } from "../api/client.ts";

/** Registration and growth calls (contract: packages/domain/src/api/registration.ts; docs/onboarding.md). */
const quiet = { handleUnauthorized: false } as const;

export const registrationApi = {
  register: (body: RegisterBody) => call("POST /api/auth/register", { body }, quiet),
  confirm: (token: string) => call("POST /api/auth/register/confirm", { body: { token } }, quiet),
  resend: (email: string, lang: "en" | "ar") =>
    call("POST /api/auth/register/resend", { body: { email, lang } }, quiet),
  referralCode: (code: string) => call("GET /api/growth/codes/:code", { params: { code } }, quiet),
};

export function useReferring() {
  return useQuery({
    queryKey: ["growth", "referring"],
    queryFn: ({ signal }) => call("GET /api/growth/referring", {}, { signal }),
  });
}
