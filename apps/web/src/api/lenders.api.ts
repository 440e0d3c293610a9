import type { AnswerOf, LenderAddBody, LenderEditBody, lendersApi } from "@portal/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The bank's lenders (contract: packages/domain/src/api/lenders.ts). */
export type LenderList = AnswerOf<typeof lendersApi.list>;
export type LenderItem = LenderList["results"][number];
export type LenderMerchant = LenderList["merchants"][number];

export const lenderKeys = { all: ["lenders"] as const };

export function useLenders() {
  return useQuery({
    queryKey: lenderKeys.all,
    queryFn: ({ signal }) => call("GET /api/bank/lenders", {}, { signal }),
  });
}

/** Adds a lender (id null) or edits one; both refresh the list. */
export function useSaveLender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: null; body: LenderAddBody } | { id: number; body: LenderEditBody }) =>
      input.id === null
        ? call("POST /api/bank/lenders", { body: input.body })
        : call("PUT /api/bank/lenders/:id", { params: { id: input.id }, body: input.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: lenderKeys.all }),
  });
}
