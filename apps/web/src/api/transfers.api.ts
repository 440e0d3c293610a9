import type { ApiRoutes } from "@portal/domain/api/index";
import { callTarget } from "@portal/domain/paths";
import type { TransferStatus } from "@portal/domain/transfer";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";
import type { Viewpoint } from "./transactions.api.ts";

/** Transfers (docs/transfers.md): the balance header, the summary table, details with transactions, export. */

export interface TransferListParams {
  page: number;
  page_size: number;
  sort: "-day" | "day" | "-net_cents" | "net_cents" | "-id" | "id";
  status?: TransferStatus | undefined;
  currency?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  merchant_id?: number | undefined;
}

export const transferKeys = {
  all: ["transfers"] as const,
  balance: (isLive: boolean) => [...transferKeys.all, "balance", isLive] as const,
  list: (view: Viewpoint, isLive: boolean, params: TransferListParams) =>
    [...transferKeys.all, "list", view, isLive, params] as const,
  detail: (view: Viewpoint, id: number) => [...transferKeys.all, "detail", view, id] as const,
  transactions: (view: Viewpoint, id: number, page: number, pageSize: number) =>
    [...transferKeys.all, "transactions", view, id, page, pageSize] as const,
};

export function useTransferBalance(isLive: boolean, enabled = true) {
  return useQuery({
    queryKey: transferKeys.balance(isLive),
    queryFn: ({ signal }) => call("GET /api/transfers/balance", { query: { is_live: isLive } }, { signal }),
    enabled,
  });
}

export function useTransferList(view: Viewpoint, isLive: boolean, params: TransferListParams) {
  return useQuery({
    queryKey: transferKeys.list(view, isLive, params),
    queryFn: ({ signal }) =>
      view === "bank"
        ? call("GET /api/bank/transfers", { query: { ...params, is_live: true } }, { signal })
        : call("GET /api/transfers", { query: { ...params, is_live: isLive } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTransferDetails(view: Viewpoint, id: number) {
  return useQuery({
    queryKey: transferKeys.detail(view, id),
    queryFn: ({ signal }) =>
      view === "bank"
        ? call("GET /api/bank/transfers/:id", { params: { id } }, { signal })
        : call("GET /api/transfers/:id", { params: { id } }, { signal }),
  });
}

export function useTransferTransactions(
  view: Viewpoint,
  id: number,
  page: number,
  pageSize: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: transferKeys.transactions(view, id, page, pageSize),
    queryFn: ({ signal }) =>
      view === "bank"
        ? call(
            "GET /api/bank/transfers/:id/transactions",
            { params: { id }, query: { page, page_size: pageSize } },
            { signal },
          )
        : call(
            "GET /api/transfers/:id/transactions",
            { params: { id }, query: { page, page_size: pageSize } },
            { signal },
          ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A bank user moves a transfer to its next status. */
export function useAdvanceTransfer(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: TransferStatus) =>
      call("POST /api/bank/transfers/:id/status", { params: { id }, body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: transferKeys.all }),
  });
}

/** A file, not JSON: the address of the contract's export route, fetched below. */
const EXPORT = "GET /api/transfers/:id/export" satisfies keyof ApiRoutes;
export const transferExportUrl = (id: number, format: "csv" | "xlsx") =>
  callTarget(EXPORT, { params: { id }, query: { format } }).url;

/**
 * Downloads a transfer's transactions through fetch (so a failure can say the spec's 'Download Failed' message
 * instead of leaving an error page), then hands the file to the browser.
 */
export async function downloadTransfer(id: number, format: "csv" | "xlsx"): Promise<void> {
  const response = await fetch(transferExportUrl(id, format), { credentials: "include" });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `transfer-${id}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
