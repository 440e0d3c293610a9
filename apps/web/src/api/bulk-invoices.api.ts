import type { BulkRowValues } from "@portal/domain/api/bulk-invoices";
import type { ApiRoutes } from "@portal/domain/api/index";
import type { AnswerOf } from "@portal/domain/contract";
import { callTarget } from "@portal/domain/paths";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** Bulk invoices: template, preview, fixes, submit and history (contracts: packages/domain/src/api/bulk-invoices.ts). */

export type BulkUpload = AnswerOf<ApiRoutes["GET /api/bulk-invoices/:id"]>;
export type BulkHistory = AnswerOf<ApiRoutes["GET /api/bulk-invoices"]>;
export type BulkRow = BulkUpload["rows"][number];

export const bulkKeys = {
  all: ["bulk-invoices"] as const,
  history: (page: number, pageSize: number) => [...bulkKeys.all, "history", page, pageSize] as const,
  upload: (id: number) => [...bulkKeys.all, "upload", id] as const,
};

/** The history; while an upload's invoices are being sent it is asked again every 2 seconds for the counts. */
export function useBulkHistory(page: number, pageSize: number) {
  return useQuery({
    queryKey: bulkKeys.history(page, pageSize),
    queryFn: ({ signal }) =>
      call("GET /api/bulk-invoices", { query: { page, page_size: pageSize } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((u) => u.send_state === "queued") ? 2000 : false,
  });
}

export function useBulkUpload(id: number | undefined) {
  return useQuery({
    queryKey: bulkKeys.upload(id ?? 0),
    queryFn: ({ signal }) => call("GET /api/bulk-invoices/:id", { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.send_state === "queued" ? 2000 : false),
  });
}

export function usePreviewBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { file_name: string; content_base64: string; is_live: boolean }) =>
      call("POST /api/bulk-invoices/preview", { body }),
    onSuccess: async (upload) => {
      client.setQueryData(bulkKeys.upload(upload.id), upload);
      await client.invalidateQueries({ queryKey: [...bulkKeys.all, "history"] });
    },
    // The upload panel says what is wrong with a refused file itself.
    meta: { handlesErrors: true },
  });
}

export function useFixBulkRows(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rows: { line: number; values: BulkRowValues }[]) =>
      call("PUT /api/bulk-invoices/:id/rows", { params: { id }, body: { rows } }),
    onSuccess: (upload) => {
      client.setQueryData(bulkKeys.upload(id), upload);
      void client.invalidateQueries({ queryKey: [...bulkKeys.all, "history"] });
    },
  });
}

export function useSubmitBulk(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call("POST /api/bulk-invoices/:id/submit", { params: { id } }),
    onSuccess: async (upload) => {
      client.setQueryData(bulkKeys.upload(id), upload);
      await client.invalidateQueries({ queryKey: [...bulkKeys.all, "history"] });
      await client.invalidateQueries({ queryKey: ["invoices"] });
    },
    meta: { handlesErrors: true },
  });
}

/** A file, not JSON: the template's address (the browser downloads it). */
const TEMPLATE = "GET /api/bulk-invoices/template" satisfies keyof ApiRoutes;
export const bulkTemplateUrl = (format: "csv" | "xlsx", isLive: boolean) =>
  callTarget(TEMPLATE, { query: { format, is_live: isLive } }).url;
