import type { AnswerOf, RequestState, RequestToPayBody, requestToPayApi } from "@portal/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The merchant's requests to pay (contract: packages/domain/src/api/request-to-pay.ts). */
export type RequestToPay = AnswerOf<typeof requestToPayApi.list>["results"][number];
export type RequestToPayDetails = AnswerOf<typeof requestToPayApi.details>;

export interface RequestListParams {
  isLive: boolean;
  page: number;
  pageSize: number;
  state?: RequestState | undefined;
}

export const requestToPayKeys = {
  all: ["request-to-pay"] as const,
  lists: () => [...requestToPayKeys.all, "list"] as const,
  list: (p: RequestListParams) =>
    [...requestToPayKeys.lists(), p.isLive, p.page, p.pageSize, p.state ?? ""] as const,
  detail: (id: number) => [...requestToPayKeys.all, "detail", id] as const,
};

export function useRequestToPayList(p: RequestListParams) {
  return useQuery({
    queryKey: requestToPayKeys.list(p),
    queryFn: ({ signal }) =>
      call(
        "GET /api/request-to-pay",
        {
          query: {
            is_live: p.isLive ? "true" : "false",
            page: p.page,
            page_size: p.pageSize,
            ...(p.state ? { state: p.state } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRequestToPay(id: number | null) {
  return useQuery({
    queryKey: requestToPayKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call("GET /api/request-to-pay/:id", { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

/** Create (with send) or edit; both refresh the list and the request's details. */
export function useSaveRequestToPay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; body: RequestToPayBody; send: boolean }) =>
      input.id === null
        ? call("POST /api/request-to-pay", { body: { ...input.body, send: input.send } })
        : call("PUT /api/request-to-pay/:id", { params: { id: input.id }, body: input.body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: requestToPayKeys.all });
    },
  });
}

export function useRequestToPayAction(action: "send" | "cancel") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      action === "send"
        ? call("POST /api/request-to-pay/:id/send", { params: { id } })
        : call("POST /api/request-to-pay/:id/cancel", { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: requestToPayKeys.all });
    },
  });
}
