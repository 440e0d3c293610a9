import { isCurrency } from "@portal/domain/currencies";
import { safeParseAmount } from "@portal/domain/money";
import type {
  ActionAnswer,
  BankTotalsAnswer,
  CaptureBody,
  MerchantTotalsAnswer,
  Receipt,
  RefundBody,
  ResendCallbacksBody,
  TransactionDetails,
  TransactionListAnswer,
} from "@portal/domain/workspace-api";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dayBound } from "../lib/dates.ts";
import { filtersOf, type TableSearch, TRANSACTION_FILTERS } from "../lib/tableSearch.ts";
import { useDateFormat } from "../lib/useDateFormat.ts";
import { api } from "./client.ts";

/** Merchants call /api/transactions; bank staff call /api/bank/transactions (their merchants only). */
export type Viewpoint = "merchant" | "bank";

const base = (view: Viewpoint) => (view === "bank" ? "/api/bank/transactions" : "/api/transactions");

/** Query keys of the transactions resource; every key carries the live/test mode. */
export const transactionKeys = {
  all: ["transactions"] as const,
  lists: () => [...transactionKeys.all, "list"] as const,
  list: (view: Viewpoint, isLive: boolean, query: string) =>
    [...transactionKeys.lists(), view, isLive, query] as const,
  totals: (view: Viewpoint, isLive: boolean, from?: string, to?: string) =>
    [...transactionKeys.all, "totals", view, isLive, from ?? "", to ?? ""] as const,
  details: () => [...transactionKeys.all, "details"] as const,
  detail: (view: Viewpoint, id: number, isLive: boolean) =>
    [...transactionKeys.details(), view, id, isLive] as const,
  receipt: (id: number) => [...transactionKeys.all, "receipt", id] as const,
};

/**
 * Amount filters are typed in major units ("10.50") and the API takes minor units: the currency filter decides
 * the exponent (EGP's two decimals without one). An amount that does not parse is left out.
 */
export function amountToMinor(value: string, currency: string | undefined): string | undefined {
  const parsed = safeParseAmount(value, currency && isCurrency(currency) ? currency : "EGP");
  return parsed.ok ? String(parsed.amount) : undefined;
}

/**
 * A workspace list request's query string (stable order, so equal views give equal query keys) from the URL's
 * table state: the list's filters (amounts in minor units), is_live, page, page_size and sort.
 */
export function workspaceListQuery(
  search: TableSearch,
  filterNames: readonly string[],
  isLive: boolean,
  /** The zone dates are shown in: picked days are sent as that zone's instants (lib/dates.ts dayBound). */
  timeZone?: string,
): string {
  const filters = filtersOf(search, filterNames);
  const params = new URLSearchParams();
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key] as string;
    if (key === "amount_from" || key === "amount_to") {
      const minor = amountToMinor(value, filters.currency);
      if (minor !== undefined) params.set(key, minor);
    } else if (key === "date_from" || key === "date_to")
      params.set(key, dayBound(value, key === "date_to", timeZone));
    else params.set(key, value);
  }
  params.set("is_live", String(isLive));
  params.set("page", String(search.page ?? 1));
  params.set("page_size", String(search.page_size ?? 10));
  if (search.sort) params.set("sort", search.sort);
  return params.toString();
}

/** The transactions list request's query string. */
export function transactionListQuery(search: TableSearch, isLive: boolean, timeZone?: string): string {
  return workspaceListQuery(search, TRANSACTION_FILTERS, isLive, timeZone);
}

export function useTransactionList(view: Viewpoint, search: TableSearch, isLive: boolean) {
  const query = transactionListQuery(search, isLive, useDateFormat().timeZone);
  return useQuery({
    queryKey: transactionKeys.list(view, isLive, query),
    queryFn: ({ signal }) => api.get<TransactionListAnswer>(`${base(view)}?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A header's range query: picked days as instants of the zone dates are shown in. */
export function rangeQuery(isLive: boolean, from?: string, to?: string, timeZone?: string): string {
  const params = new URLSearchParams({ is_live: String(isLive) });
  if (from) params.set("date_from", dayBound(from, false, timeZone));
  if (to) params.set("date_to", dayBound(to, true, timeZone));
  return params.toString();
}

export function useMerchantTotals(isLive: boolean, from?: string, to?: string, enabled = true) {
  const { timeZone } = useDateFormat();
  return useQuery({
    queryKey: transactionKeys.totals("merchant", isLive, from, to),
    queryFn: ({ signal }) =>
      api.get<MerchantTotalsAnswer>(`/api/transactions/totals?${rangeQuery(isLive, from, to, timeZone)}`, {
        signal,
      }),
    enabled,
  });
}

export function useBankTotals(isLive: boolean, from?: string, to?: string, enabled = true) {
  const { timeZone } = useDateFormat();
  return useQuery({
    queryKey: transactionKeys.totals("bank", isLive, from, to),
    queryFn: ({ signal }) =>
      api.get<BankTotalsAnswer>(`/api/bank/transactions/totals?${rangeQuery(isLive, from, to, timeZone)}`, {
        signal,
      }),
    enabled,
  });
}

export function useTransactionDetails(view: Viewpoint, id: number, isLive: boolean) {
  return useQuery({
    queryKey: transactionKeys.detail(view, id, isLive),
    queryFn: ({ signal }) => api.get<TransactionDetails>(`${base(view)}/${id}?is_live=${isLive}`, { signal }),
  });
}

export function useReceipt(id: number) {
  return useQuery({
    queryKey: transactionKeys.receipt(id),
    queryFn: ({ signal }) => api.get<Receipt>(`/api/transactions/${id}/receipt`, { signal }),
  });
}

export const receiptPdfUrl = (id: number) => `/api/transactions/${id}/receipt.pdf`;

/** The actions answer their own messages (screens/transactions/actionMessages.ts), so no generic toast here. */
const ownMessages = { meta: { handlesErrors: true } } as const;

export function useTransactionActions(id: number) {
  const client = useQueryClient();
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: transactionKeys.all });
  };
  return {
    refund: useMutation({
      ...ownMessages,
      mutationFn: (body: RefundBody) => api.post<ActionAnswer>(`/api/transactions/${id}/refund`, body),
      onSuccess: refresh,
    }),
    capture: useMutation({
      ...ownMessages,
      mutationFn: (body: CaptureBody) => api.post<ActionAnswer>(`/api/transactions/${id}/capture`, body),
      onSuccess: refresh,
    }),
    void: useMutation({
      ...ownMessages,
      mutationFn: () => api.post<ActionAnswer>(`/api/transactions/${id}/void`),
      onSuccess: refresh,
    }),
    remove: useMutation({
      ...ownMessages,
      mutationFn: () => api.delete<ActionAnswer>(`/api/transactions/${id}`),
      onSuccess: async () => {
        client.removeQueries({ queryKey: transactionKeys.details() });
        await client.invalidateQueries({ queryKey: transactionKeys.lists() });
      },
    }),
    sendOtp: useMutation({
      ...ownMessages,
      mutationFn: () => api.post<{ detail: string }>(`/api/transactions/${id}/refund/otp`),
    }),
    resend: useMutation({
      ...ownMessages,
      mutationFn: () => api.post<{ detail: string }>(`/api/transactions/${id}/callbacks/resend`),
      onSuccess: refresh,
    }),
  };
}

export function useResendCallbacks() {
  const { timeZone } = useDateFormat();
  return useMutation({
    ...ownMessages,
    mutationFn: (body: ResendCallbacksBody) =>
      api.post<{ detail: string; count: number }>("/api/transactions/callbacks/resend", {
        ...body,
        date_from: dayBound(body.date_from, false, timeZone),
        date_to: dayBound(body.date_to, true, timeZone),
      }),
  });
}
