import type { AnswerOf, IframeInput, iframesApi } from "@portal/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The merchant's iframes (contract: packages/domain/src/api/iframes.ts; docs/settings.md "Iframes"). */
export type IframeList = AnswerOf<typeof iframesApi.list>;
export type IframeSummary = IframeList["results"][number];
export type Iframe = AnswerOf<typeof iframesApi.details>;
export type { IframeInput };

export const iframeKeys = {
  all: ["iframes"] as const,
  list: () => [...iframeKeys.all, "list"] as const,
  detail: (id: number) => [...iframeKeys.all, "detail", id] as const,
};

export function useIframeList() {
  return useQuery({
    queryKey: iframeKeys.list(),
    queryFn: ({ signal }) => call("GET /api/iframes", {}, { signal }),
  });
}

export function useIframe(id: number | null) {
  return useQuery({
    queryKey: iframeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call("GET /api/iframes/:id", { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function useSaveIframe(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (body: IframeInput) =>
      id === null
        ? call("POST /api/iframes", { body })
        : call("PUT /api/iframes/:id", { params: { id }, body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: iframeKeys.all });
    },
  });
}

export function useDuplicateIframe() {
  const client = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (v: { id: number; name: string }) =>
      call("POST /api/iframes/:id/duplicate", { params: { id: v.id }, body: { name: v.name } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: iframeKeys.all });
    },
  });
}

export function useDeleteIframe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call("DELETE /api/iframes/:id", { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: iframeKeys.all });
    },
  });
}
