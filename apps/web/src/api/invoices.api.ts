import type { ApiRoutes } from "@portal/domain/api/index";
import type { InvoiceCreateBody, InvoiceSendChannel } from "@portal/domain/api/invoices";
import type { AnswerOf } from "@portal/domain/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The invoices' list, details, form choices and actions (contracts: packages/domain/src/api/invoices.ts). */

export const invoiceKeys = {
  all: ["invoices"] as const,
  list: (isLive: boolean, query: string) => [...invoiceKeys.all, "list", isLive, query] as const,
  detail: (id: number) => [...invoiceKeys.all, "detail", id] as const,
  integrations: (isLive: boolean) => [...invoiceKeys.all, "integrations", isLive] as const,
};

export type InvoiceListAnswer = AnswerOf<ApiRoutes["GET /api/invoices"]>;
export type InvoiceIntegration = AnswerOf<
  ApiRoutes["GET /api/invoices/integrations"]
>["integrations"][number];
/** One text message of the local SMS viewer. */
export type SmsMessage = AnswerOf<ApiRoutes["GET /api/dev/sms"]>["messages"][number];

export interface InvoiceListParams {
  page: number;
  pageSize: number;
  status?: "paid" | "unpaid";
  search?: string;
}

export function useInvoiceList(isLive: boolean, p: InvoiceListParams) {
  const query = {
    is_live: String(isLive),
    page: String(p.page),
    page_size: String(p.pageSize),
    ...(p.status ? { status: p.status } : {}),
    ...(p.search ? { search: p.search } : {}),
  };
  return useQuery({
    queryKey: invoiceKeys.list(isLive, new URLSearchParams(query).toString()),
    // The query is text as in the URL; the server validates it by the contract.
    queryFn: ({ signal }) =>
      call("GET /api/invoices", { query: query as unknown as { is_live: boolean } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceDetails(id: number) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => call("GET /api/invoices/:id", { params: { id } }, { signal }),
  });
}

export function useInvoiceIntegrations(isLive: boolean) {
  return useQuery({
    queryKey: invoiceKeys.integrations(isLive),
    queryFn: ({ signal }) =>
      call("GET /api/invoices/integrations", { query: { is_live: isLive } }, { signal }),
  });
}

export function useCreateInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceCreateBody) => call("POST /api/invoices", { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

export function useSendInvoice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channel: InvoiceSendChannel) =>
      call("POST /api/invoices/:id/send", { params: { id }, body: { channel } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: invoiceKeys.detail(id) });
    },
  });
}

export function useDeleteInvoice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call("DELETE /api/invoices/:id", { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

/** The local SMS viewer opens only with the mailbox key the server printed at start-up (404 without it). */
export const smsBox = (key: string) =>
  call("GET /api/dev/sms", undefined, { handleUnauthorized: false, headers: { "x-mailbox-key": key } });
