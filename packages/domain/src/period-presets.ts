/**
 * The period choices of the home and reports screens (the analytics contract's query, analytics-api.ts). Plain
 * lists without zod, so the dashboard's router (in the sign-in page's first JavaScript) can validate the URL's
 * period with them.
 */

export const DATE_PRESETS = [
  "today",
  "yesterday",
  "last_7_days",
  "last_30_days",
  "last_90_days",
  "last_week",
  "last_year",
  "this_year",
  "custom",
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const COMPARISON_PRESETS = [
  "previous_7_days",
  "previous_30_days",
  "previous_90_days",
  "previous_year",
  "none",
] as const;
export type ComparisonPreset = (typeof COMPARISON_PRESETS)[number];

export const GRANULARITIES = ["hourly", "daily", "weekly", "monthly", "yearly"] as const;
export type Granularity = (typeof GRANULARITIES)[number];
