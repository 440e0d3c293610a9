import {
  CHANNEL_FILTERS,
  COMPARISON_PRESETS as CONTRACT_COMPARISONS,
  GRANULARITIES as CONTRACT_GRANULARITIES,
  DATE_PRESETS as CONTRACT_PRESETS,
} from "@portal/domain/analytics-api";
import { callTarget } from "@portal/domain/paths";
import { describe, expect, it } from "vitest";
import { analyticsRequestOf } from "../api/analytics.api.ts";
import {
  CHANNELS,
  COMPARISON_PRESETS,
  DATE_PRESETS,
  DEFAULT_PERIOD_STATE,
  GRANULARITIES,
  type PeriodState,
  parsePeriodSearch,
  periodStateOf,
  serialisePeriodState,
} from "./periodSearch.ts";

describe("period search state in the URL", () => {
  it("uses exactly the contract's values (copied to keep zod out of the first screen)", () => {
    expect([...DATE_PRESETS]).toEqual([...CONTRACT_PRESETS]);
    expect([...COMPARISON_PRESETS]).toEqual([...CONTRACT_COMPARISONS]);
    expect([...GRANULARITIES]).toEqual([...CONTRACT_GRANULARITIES]);
    expect([...CHANNELS].sort()).toEqual([...CHANNEL_FILTERS].sort());
  });

  it("an empty URL is the default view, and the default view serialises to an empty URL", () => {
    expect(periodStateOf(parsePeriodSearch({}))).toEqual(DEFAULT_PERIOD_STATE);
    expect(serialisePeriodState(DEFAULT_PERIOD_STATE)).toEqual({});
  });

  it("keeps valid values and drops unknown or malformed ones", () => {
    expect(
      parsePeriodSearch({
        period: "last_7_days",
        comparison: "previous_year",
        granularity: "hourly",
        channel: "POS",
        currency: "USD",
        extra: "x",
      }),
    ).toEqual({
      period: "last_7_days",
      comparison: "previous_year",
      granularity: "hourly",
      channel: "POS",
      currency: "USD",
    });
    expect(
      parsePeriodSearch({
        period: "forever",
        comparison: 7,
        granularity: "minutely",
        channel: "pos",
        currency: "usd",
      }),
    ).toEqual({});
  });

  it("accepts a custom period only with two real dates in order", () => {
    expect(parsePeriodSearch({ period: "custom", from: "2026-01-01", to: "2026-01-31" })).toEqual({
      period: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(parsePeriodSearch({ period: "custom", from: "2026-02-01", to: "2026-01-31" })).toEqual({});
    expect(parsePeriodSearch({ period: "custom", from: "2026-02-30", to: "2026-03-01" })).toEqual({});
    expect(parsePeriodSearch({ period: "custom", from: "2026-01-01" })).toEqual({});
    // dates without the custom preset are ignored
    expect(parsePeriodSearch({ period: "today", from: "2026-01-01", to: "2026-01-02" })).toEqual({
      period: "today",
    });
  });

  it("round-trips every combination through the URL form", () => {
    for (const period of DATE_PRESETS)
      for (const comparison of COMPARISON_PRESETS)
        for (const granularity of GRANULARITIES)
          for (const channel of CHANNELS) {
            const state: PeriodState =
              period === "custom"
                ? { period, comparison, granularity, channel, from: "2025-12-01", to: "2026-01-15" }
                : { period, comparison, granularity, channel };
            const url = serialisePeriodState(state);
            // what TanStack Router writes and reads back: plain JSON values
            const reread = JSON.parse(JSON.stringify(url)) as Record<string, unknown>;
            expect(periodStateOf(parsePeriodSearch(reread))).toEqual(state);
          }
  });

  it("maps the view to the API query: period is `date`, mode is `is_live`, custom dates only with custom", () => {
    const state = periodStateOf({
      period: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
      channel: "Ecommerce",
    });
    expect(analyticsRequestOf(state, "test")).toEqual({
      date: "custom",
      date_from: "2026-01-01",
      date_to: "2026-01-31",
      comparison: "previous_30_days",
      granularity: "daily",
      channel: "Ecommerce",
      is_live: false,
    });
    const live = analyticsRequestOf(periodStateOf({ period: "today", comparison: "none" }), "live");
    expect(callTarget("GET /api/analytics/home", { query: live }).url).toBe(
      "/api/analytics/home?date=today&comparison=none&granularity=daily&channel=all&is_live=true",
    );
  });
});
