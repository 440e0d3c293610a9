import type { ApiRoutes } from "@portal/domain/api/index";
import type { BankOrderTotalsAnswer, OrderTotalsAnswer } from "@portal/domain/api/orders";
import type { CallInput } from "@portal/domain/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ORDER_FILTERS, type TableSearch } from "../lib/tableSearch.ts";
import { useDateFormat } from "../lib/useDateFormat.ts";
import { call } from "./client.ts";
import { rangeParams, type Viewpoint, workspaceListQuery } from "./transactions.api.ts";

export const orderKeys = {
  all: ["orders"] as const,
  lists: () => [...orderKeys.all, "list"] as const,
  list: (view: Viewpoint, isLive: boolean, query: string) =>
    [...orderKeys.lists(), view, isLive, query] as const,
  totals: (view: Viewpoint, isLive: boolean, from?: string, to?: string) =>
    [...orderKeys.all, "totals", view, isLive, from ?? "", to ?? ""] as const,
  detail: (view: Viewpoint, id: number, isLive: boolean) =>
    [...orderKeys.all, "detail", view, id, isLive] as const,
};

/** The orders list request's query string. */
export function orderListQuery(search: TableSearch, isLive: boolean, timeZone?: string): string {
  return workspaceListQuery(search, ORDER_FILTERS, isLive, timeZone);
}

type OrderListQuery = NonNullable<CallInput<ApiRoutes["GET /api/orders"]>["query"]>;
/** As transactions.api.ts listQueryOf: the URL's filters are text; the server validates them by the contract. */
export const orderQueryOf = (query: string) =>
  Object.fromEntries(new URLSearchParams(query)) as OrderListQuery;

export function useOrderList(view: Viewpoint, search: TableSearch, isLive: boolean) {
  const query = orderListQuery(search, isLive, useDateFormat().timeZone);
  return useQuery({
    queryKey: orderKeys.list(view, isLive, query),
    queryFn: ({ signal }) =>
      view === "bank"
        ? call("GET /api/bank/orders", { query: orderQueryOf(query) }, { signal })
        : call("GET /api/orders", { query: orderQueryOf(query) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The orders header; the bank's answer adds the header by payment method to each currency. */
export function useOrderTotals(view: Viewpoint, isLive: boolean, from?: string, to?: string, enabled = true) {
  const query = rangeParams(isLive, from, to, useDateFormat().timeZone);
  return useQuery({
    queryKey: orderKeys.totals(view, isLive, from, to),
    queryFn: ({ signal }): Promise<OrderTotalsAnswer | BankOrderTotalsAnswer> =>
      view === "bank"
        ? call("GET /api/bank/orders/totals", { query }, { signal })
        : call("GET /api/orders/totals", { query }, { signal }),
    enabled,
  });
}

/** One order's details; the id alone finds it (isLive keeps the two modes' caches apart). */
export function useOrderDetails(view: Viewpoint, id: number, isLive: boolean) {
  return useQuery({
    queryKey: orderKeys.detail(view, id, isLive),
    queryFn: ({ signal }) =>
      view === "bank"
        ? call("GET /api/bank/orders/:id", { params: { id } }, { signal })
        : call("GET /api/orders/:id", { params: { id } }, { signal }),
  });
}

export function useDeleteOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call("DELETE /api/orders/:id", { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
