import type { AnalyticsQueryInput } from "@portal/domain/analytics-api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { PeriodState } from "../lib/periodSearch.ts";
import type { DataMode } from "../live/liveMode.ts";
import { useLiveMode } from "../live/useLiveMode.ts";
import { call } from "./client.ts";

/**
 * GET /api/analytics/home and /api/analytics/reports (contract: packages/domain/src/api/analytics.ts). The URL's
 * `period` is the API's `date`; the live/test mode becomes `is_live`. The currency choice is not sent: the
 * answer holds every currency and the screen shows one at a time.
 */
export type AnalyticsRequest = Required<
  Pick<AnalyticsQueryInput, "date" | "comparison" | "granularity" | "channel">
> &
  Pick<AnalyticsQueryInput, "date_from" | "date_to"> & { is_live: boolean };

export function analyticsRequestOf(state: PeriodState, mode: DataMode): AnalyticsRequest {
  const out: AnalyticsRequest = {
    date: state.period,
    comparison: state.comparison,
    granularity: state.granularity,
    channel: state.channel,
    is_live: mode === "live",
  };
  if (state.period === "custom" && state.from && state.to) {
    out.date_from = state.from;
    out.date_to = state.to;
  }
  return out;
}

export const analyticsKeys = {
  all: ["analytics"] as const,
  home: (req: AnalyticsRequest) => [...analyticsKeys.all, "home", req] as const,
  reports: (req: AnalyticsRequest) => [...analyticsKeys.all, "reports", req] as const,
};

/** The home figures of the period; the previous answer stays on screen while the next one loads. */
export function useHomeAnalytics(state: PeriodState) {
  const { mode } = useLiveMode();
  const req = analyticsRequestOf(state, mode);
  return useQuery({
    queryKey: analyticsKeys.home(req),
    queryFn: ({ signal }) => call("GET /api/analytics/home", { query: req }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReportsAnalytics(state: PeriodState) {
  const { mode } = useLiveMode();
  const req = analyticsRequestOf(state, mode);
  return useQuery({
    queryKey: analyticsKeys.reports(req),
    queryFn: ({ signal }) => call("GET /api/analytics/reports", { query: req }, { signal }),
    placeholderData: keepPreviousData,
  });
}
