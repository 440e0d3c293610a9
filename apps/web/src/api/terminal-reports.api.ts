import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "./client.ts";
import type { Viewpoint } from "./transactions.api.ts";

/**
 * Terminal reports (docs/pos-risk.md "Terminal reports"): the closed reports, the header totals and the open day.
 * Terminal users and merchants call the merchant routes (the server narrows a terminal user to its terminal);
 * bank users their own. Every key carries the view and the live/test mode.
 */

export interface TerminalReportParams {
  page: number;
  page_size: number;
  sort: "-business_day" | "business_day" | "-total_amount_cents" | "total_amount_cents";
  date_from?: string | undefined;
  date_to?: string | undefined;
  terminal_id?: number | undefined;
  currency?: string | undefined;
  merchant_id?: number | undefined;
}

export type TerminalReportFilterParams = Omit<TerminalReportParams, "page" | "page_size" | "sort">;

export const terminalReportKeys = {
  all: ["terminal-reports"] as const,
  list: (view: Viewpoint, isLive: boolean, params: TerminalReportParams) =>
    [...terminalReportKeys.all, "list", view, isLive, params] as const,
  totals: (view: Viewpoint, isLive: boolean, filters: TerminalReportFilterParams) =>
    [...terminalReportKeys.all, "totals", view, isLive, filters] as const,
  today: (isLive: boolean) => [...terminalReportKeys.all, "today", isLive] as const,
};

export function useTerminalReports(view: Viewpoint, isLive: boolean, params: TerminalReportParams) {
  return useQuery({
    queryKey: terminalReportKeys.list(view, isLive, params),
    queryFn: ({ signal }) =>
      view === "bank"
        ? call("GET /api/bank/terminal-reports", { query: { ...params, is_live: isLive } }, { signal })
        : call("GET /api/terminal-reports", { query: { ...params, is_live: isLive } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTerminalReportTotals(
  view: Viewpoint,
  isLive: boolean,
  filters: TerminalReportFilterParams,
) {
  return useQuery({
    queryKey: terminalReportKeys.totals(view, isLive, filters),
    queryFn: ({ signal }) =>
      view === "bank"
        ? call(
            "GET /api/bank/terminal-reports/totals",
            { query: { ...filters, is_live: isLive } },
            { signal },
          )
        : call("GET /api/terminal-reports/totals", { query: { ...filters, is_live: isLive } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The open business day (terminal users and merchants only). */
export function useTerminalReportToday(isLive: boolean, enabled: boolean) {
  return useQuery({
    queryKey: terminalReportKeys.today(isLive),
    queryFn: ({ signal }) =>
      call("GET /api/terminal-reports/today", { query: { is_live: isLive } }, { signal }),
    enabled,
  });
}
