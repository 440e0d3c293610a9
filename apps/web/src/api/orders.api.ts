import type {
  BankOrderTotalsAnswer,
  OrderDetails,
  OrderListItem,
  OrderTotalsAnswer,
} from "@portal/domain/workspace-api";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDateFormat } from "../lib/useDateFormat.ts";
import { ORDER_FILTERS, type TableSearch } from "../screens/transactions/tableSearch.ts";
import { api } from "./client.ts";
import { rangeQuery, type Viewpoint, workspaceListQuery } from "./transactions.api.ts";

export type OrderList = { count: number; page: number; page_size: number; results: OrderListItem[] };

const base = (view: Viewpoint) => (view === "bank" ? "/api/bank/orders" : "/api/orders");

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

export function useOrderList(view: Viewpoint, search: TableSearch, isLive: boolean) {
  const query = orderListQuery(search, isLive, useDateFormat().timeZone);
  return useQuery({
    queryKey: orderKeys.list(view, isLive, query),
    queryFn: ({ signal }) => api.get<OrderList>(`${base(view)}?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderTotals(view: Viewpoint, isLive: boolean, from?: string, to?: string, enabled = true) {
  const params = rangeQuery(isLive, from, to, useDateFormat().timeZone);
  return useQuery({
    queryKey: orderKeys.totals(view, isLive, from, to),
    // The bank's answer adds the header by payment method to each currency (bankOrderTotalsAnswerSchema).
    queryFn: ({ signal }) =>
      api.get<OrderTotalsAnswer | BankOrderTotalsAnswer>(`${base(view)}/totals?${params}`, { signal }),
    enabled,
  });
}

export function useOrderDetails(view: Viewpoint, id: number, isLive: boolean) {
  return useQuery({
    queryKey: orderKeys.detail(view, id, isLive),
    queryFn: ({ signal }) => api.get<OrderDetails>(`${base(view)}/${id}?is_live=${isLive}`, { signal }),
  });
}

export function useDeleteOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ detail: string }>(`/api/orders/${id}`),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
