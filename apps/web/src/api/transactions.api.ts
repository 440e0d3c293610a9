import type { ApiRoutes } from "@portal/domain/api/index";
import type { CaptureBody, RefundBody, ResendCallbacksBody } from "@portal/domain/api/transactions";
import type { CallInput } from "@portal/domain/contract";
import { isCurrency } from "@portal/domain/currencies";
import { safeParseAmount } from "@portal/domain/money";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dayBound } from "../lib/dates.ts";
import { filtersOf, type TableSearch, TRANSACTION_FILTERS } from "../lib/tableSearch.ts";
import { useDateFormat } from "../lib/useDateFormat.ts";
import { call } from "./client.ts";

/** Merchants call /api/transactions; bank staff call /api/bank/transactions (their merchants only). */
export type Viewpoint = "merchant" | "bank";

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

type ListQuery = NonNullable<CallInput<ApiRoutes["GET /api/transactions"]>["query"]>;

/**
 * A list query string as the call's query. The URL's filters are text (the table state), so the contract's typed
 * query is asserted here; the server validates every value against the same contract.
 */
export const listQueryOf = (query: string) => Object.fromEntries(new URLSearchParams(query)) as ListQuery;

export function useTransactionList(view: Viewpoint, search: TableSearch, isLive: boolean) {
  const query = transactionListQuery(search, isLive, useDateFormat().timeZone);
  return useQuery({
    queryKey: transactionKeys.list(view, isLive, query),
    queryFn: ({ signal }) =>
      view === "bank"
        ? call("GET /api/bank/transactions", { query: listQueryOf(query) }, { signal })
        : call("GET /api/transactions", { query: listQueryOf(query) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A header's range: picked days as instants of the zone dates are shown in. */
export function rangeParams(isLive: boolean, from?: string, to?: string, timeZone?: string) {
  return {
    is_live: isLive,
    ...(from ? { date_from: dayBound(from, false, timeZone) } : {}),
    ...(to ? { date_to: dayBound(to, true, timeZone) } : {}),
  };
}

/** A header's range query string. */
export function rangeQuery(isLive: boolean, from?: string, to?: string, timeZone?: string): string {
  const { is_live, ...range } = rangeParams(isLive, from, to, timeZone);
  return new URLSearchParams({ is_live: String(is_live), ...range }).toString();
}

export function useMerchantTotals(isLive: boolean, from?: string, to?: string, enabled = true) {
  const { timeZone } = useDateFormat();
  return useQuery({
    queryKey: transactionKeys.totals("merchant", isLive, from, to),
    queryFn: ({ signal }) =>
      call("GET /api/transactions/totals", { query: rangeParams(isLive, from, to, timeZone) }, { signal }),
    enabled,
  });
}

export function useBankTotals(isLive: boolean, from?: string, to?: string, enabled = true) {
  const { timeZone } = useDateFormat();
  return useQuery({
    queryKey: transactionKeys.totals("bank", isLive, from, to),
    queryFn: ({ signal }) =>
      call(
        "GET /api/bank/transactions/totals",
        { query: rangeParams(isLive, from, to, timeZone) },
        { signal },
      ),
    enabled,
  });
}

/** One transaction's details; the id alone finds it (isLive keeps the two modes' caches apart). */
export function useTransactionDetails(view: Viewpoint, id: number, isLive: boolean) {
  return useQuery({
    queryKey: transactionKeys.detail(view, id, isLive),
    queryFn: ({ signal }) =>
      view === "bank"
        ? call("GET /api/bank/transactions/:id", { params: { id } }, { signal })
        : call("GET /api/transactions/:id", { params: { id } }, { signal }),
  });
}

export function useReceipt(id: number) {
  return useQuery({
    queryKey: transactionKeys.receipt(id),
    queryFn: ({ signal }) => call("GET /api/transactions/:id/receipt", { params: { id } }, { signal }),
  });
}

/** The receipt's PDF in the dashboard's language (Arabic receipts read right to left: apps/server/src/pdf). */
export const receiptPdfUrl = (id: number, lang: "en" | "ar" = "en") =>
  `/api/transactions/${id}/receipt.pdf?lang=${lang}`;

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
      mutationFn: (body: RefundBody) => call("POST /api/transactions/:id/refund", { params: { id }, body }),
      onSuccess: refresh,
    }),
    capture: useMutation({
      ...ownMessages,
      mutationFn: (body: CaptureBody) => call("POST /api/transactions/:id/capture", { params: { id }, body }),
      onSuccess: refresh,
    }),
    void: useMutation({
      ...ownMessages,
      mutationFn: () => call("POST /api/transactions/:id/void", { params: { id } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      ...ownMessages,
      mutationFn: () => call("DELETE /api/transactions/:id", { params: { id } }),
      onSuccess: async () => {
        client.removeQueries({ queryKey: transactionKeys.details() });
        await client.invalidateQueries({ queryKey: transactionKeys.lists() });
      },
    }),
    sendOtp: useMutation({
      ...ownMessages,
      mutationFn: () => call("POST /api/transactions/:id/refund/otp", { params: { id } }),
    }),
    resend: useMutation({
      ...ownMessages,
      mutationFn: () => call("POST /api/transactions/:id/callbacks/resend", { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

export function useResendCallbacks() {
  const { timeZone } = useDateFormat();
  return useMutation({
    ...ownMessages,
    mutationFn: (body: ResendCallbacksBody) =>
      call("POST /api/transactions/callbacks/resend", {
        body: {
          ...body,
          date_from: dayBound(body.date_from, false, timeZone),
          date_to: dayBound(body.date_to, true, timeZone),
        },
      }),
  });
}
