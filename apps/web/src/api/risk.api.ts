import type { RiskEntryInput, RiskRuleInput, riskApi } from "@portal/domain/api/risk";
import type { AnswerOf } from "@portal/domain/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The risk center (contract: packages/domain/src/api/risk.ts): rules, blacklist, whitelist and the audit. */
export type RiskRules = AnswerOf<typeof riskApi.rules>;
export type RiskRule = RiskRules["results"][number];
export type RiskEntries = AnswerOf<typeof riskApi.entries>;
export type RiskEntry = RiskEntries["results"][number];
export type RiskAuditPage = AnswerOf<typeof riskApi.audit>;
export type RiskAuditItem = RiskAuditPage["results"][number];

export const riskKeys = {
  all: ["risk"] as const,
  rules: () => [...riskKeys.all, "rules"] as const,
  entries: (list: "black" | "white", page: number, pageSize: number) =>
    [...riskKeys.all, "entries", list, page, pageSize] as const,
  audit: (page: number, pageSize: number) => [...riskKeys.all, "audit", page, pageSize] as const,
};

export function useRiskRules() {
  return useQuery({
    queryKey: riskKeys.rules(),
    queryFn: ({ signal }) => call("GET /api/risk/rules", {}, { signal }),
  });
}

export function useRiskEntries(list: "black" | "white", page: number, pageSize: number) {
  return useQuery({
    queryKey: riskKeys.entries(list, page, pageSize),
    queryFn: ({ signal }) =>
      call("GET /api/risk/entries", { query: { list, page, page_size: pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRiskAudit(page: number, pageSize: number) {
  return useQuery({
    queryKey: riskKeys.audit(page, pageSize),
    queryFn: ({ signal }) =>
      call("GET /api/risk/audit", { query: { page, page_size: pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every change refreshes the risk center's lists and its audit. */
function useRiskMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: riskKeys.all }),
    // The forms show the refusals (field messages, a duplicate entry) themselves.
    meta: { handlesErrors: true },
  });
}

export function useSaveRiskRule() {
  return useRiskMutation((input: { id?: number | undefined; body: RiskRuleInput }) =>
    input.id === undefined
      ? call("POST /api/risk/rules", { body: input.body })
      : call("PUT /api/risk/rules/:id", { params: { id: input.id }, body: input.body }),
  );
}

export function useDeleteRiskRule() {
  return useRiskMutation((id: number) => call("DELETE /api/risk/rules/:id", { params: { id } }));
}

export function useAddRiskEntry() {
  return useRiskMutation((body: RiskEntryInput) => call("POST /api/risk/entries", { body }));
}

export function useDeleteRiskEntry() {
  return useRiskMutation((id: number) => call("DELETE /api/risk/entries/:id", { params: { id } }));
}
