import type { ApiRoutes } from "@portal/domain/api/index";
import type { CREDIT_PACK_AMOUNTS } from "@portal/domain/api/service-credit";
import type { AnswerOf } from "@portal/domain/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api/client.ts";

/**
 * Service-credit packs (contracts: packages/domain/src/api/service-credit.ts). `token` is the page's query-string
 * token, sent as a bearer token; without one the signed-in session's cookie is used. A 401 here means a bad link,
 * not an ended session: the page says so itself.
 */
export type CreditBalance = AnswerOf<ApiRoutes["GET /api/acceptance/billspromo"]>;

export type CreditPackAmount = (typeof CREDIT_PACK_AMOUNTS)[number];

const key = (token: string | undefined) => ["service-credit", token ?? "session"] as const;
const options = (token: string | undefined) => ({
  handleUnauthorized: false,
  ...(token ? { bearer: token } : {}),
});

export function useCreditBalance(token: string | undefined) {
  return useQuery({
    queryKey: key(token),
    queryFn: ({ signal }) => call("GET /api/acceptance/billspromo", {}, { ...options(token), signal }),
    retry: false,
    meta: { handlesErrors: true },
  });
}

export function useBuyCredit(token: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (amount_cents: CreditPackAmount) =>
      call("POST /api/acceptance/billspromo", { body: { amount_cents } }, options(token)),
    onSuccess: (balance) => client.setQueryData(key(token), balance),
    meta: { handlesErrors: true },
  });
}
