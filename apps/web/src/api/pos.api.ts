import type { BranchInput, branchesApi, terminalsApi } from "@portal/domain/api/pos";
import type { AnswerOf } from "@portal/domain/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** Branches and terminals (contract: packages/domain/src/api/pos.ts; docs/pos-risk.md). */
export type BranchList = AnswerOf<typeof branchesApi.list>;
export type BranchItem = BranchList["results"][number];
export type TerminalList = AnswerOf<typeof terminalsApi.list>;
export type TerminalItem = TerminalList["results"][number];
export type CreatedTerminal = AnswerOf<typeof terminalsApi.create>;

export const posKeys = {
  all: ["pos"] as const,
  branches: (page: number, pageSize: number) => [...posKeys.all, "branches", page, pageSize] as const,
  branch: (id: number) => [...posKeys.all, "branch", id] as const,
  terminals: (page: number, pageSize: number, isLive: boolean) =>
    [...posKeys.all, "terminals", page, pageSize, isLive] as const,
  terminal: (id: number, isLive: boolean) => [...posKeys.all, "terminal", id, isLive] as const,
};

export function useBranches(page: number, pageSize: number) {
  return useQuery({
    queryKey: posKeys.branches(page, pageSize),
    queryFn: ({ signal }) => call("GET /api/branches", { query: { page, page_size: pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every branch (the terminal dialogs' choice): at most 100, the page size's ceiling. */
export function useAllBranches() {
  return useBranches(1, 100);
}

export function useBranch(id: number) {
  return useQuery({
    queryKey: posKeys.branch(id),
    queryFn: ({ signal }) => call("GET /api/branches/:id", { params: { id } }, { signal }),
  });
}

export function useTerminals(page: number, pageSize: number, isLive: boolean) {
  return useQuery({
    queryKey: posKeys.terminals(page, pageSize, isLive),
    queryFn: ({ signal }) =>
      call("GET /api/terminals", { query: { page, page_size: pageSize, is_live: isLive } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTerminal(id: number, isLive: boolean) {
  return useQuery({
    queryKey: posKeys.terminal(id, isLive),
    queryFn: ({ signal }) =>
      call("GET /api/terminals/:id", { params: { id }, query: { is_live: isLive } }, { signal }),
  });
}

/** Adds (no id) or edits a branch; the dialog shows the refusals itself. */
export function useSaveBranch(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchInput) =>
      id === undefined
        ? call("POST /api/branches", { body })
        : call("PUT /api/branches/:id", { params: { id }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: posKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function useAddTerminal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (branch: number) => call("POST /api/terminals", { body: { branch } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: posKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function useEditTerminal(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (branch: number) => call("PUT /api/terminals/:id", { params: { id }, body: { branch } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: posKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function useRecreateTerminalKeys(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call("POST /api/terminals/:id/keys", { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: posKeys.all }),
    meta: { handlesErrors: true },
  });
}
