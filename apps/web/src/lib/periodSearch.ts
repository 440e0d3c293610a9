/**
 * The period controls of the home and reports screens as URL search parameters, so a reload or a shared link
 * keeps the view. Plain functions without dependencies: router.tsx uses parsePeriodSearch as validateSearch and
 * router.tsx is part of the sign-in page's first JavaScript, so the lists come from the domain's zod-free
 * period-presets.ts rather than from the contract.
 */
import { COMPARISON_PRESETS, DATE_PRESETS, GRANULARITIES } from "@portal/domain/period-presets";

export { COMPARISON_PRESETS, DATE_PRESETS, GRANULARITIES };
/** The contract's CHANNEL_FILTERS (a unit test keeps these lists equal to packages/domain analytics-api.ts). */
export const CHANNELS = ["Ecommerce", "POS", "all"] as const;

export type DatePreset = (typeof DATE_PRESETS)[number];
export type ComparisonPreset = (typeof COMPARISON_PRESETS)[number];
export type Granularity = (typeof GRANULARITIES)[number];
export type Channel = (typeof CHANNELS)[number];

/** The full view state; the URL only carries what differs from the defaults. */
export interface PeriodState {
  period: DatePreset;
  comparison: ComparisonPreset;
  granularity: Granularity;
  channel: Channel;
  /** Custom range, calendar dates YYYY-MM-DD (inclusive); only with period "custom". */
  from?: string;
  to?: string;
  /** The selected currency when the merchant has several. */
  currency?: string;
}

/** What the URL holds: every field optional (absent = default). */
export type PeriodSearch = Partial<PeriodState>;

export const DEFAULT_PERIOD_STATE: PeriodState = {
  period: "last_30_days",
  comparison: "previous_30_days",
  granularity: "daily",
  channel: "all",
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: unknown): value is string {
  if (typeof value !== "string" || !DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function oneOf<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return typeof value === "string" && (list as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * validateSearch of the home and reports routes: keeps the known, valid values and drops the rest (a bad value
 * falls back to its default). A custom period needs both dates in order, else it is dropped.
 */
export function parsePeriodSearch(search: Record<string, unknown>): PeriodSearch {
  const out: PeriodSearch = {};
  const period = oneOf(DATE_PRESETS, search.period);
  const comparison = oneOf(COMPARISON_PRESETS, search.comparison);
  const granularity = oneOf(GRANULARITIES, search.granularity);
  const channel = oneOf(CHANNELS, search.channel);
  if (period && period !== "custom") out.period = period;
  if (period === "custom" && isDay(search.from) && isDay(search.to) && search.from <= search.to) {
    out.period = "custom";
    out.from = search.from;
    out.to = search.to;
  }
  if (comparison) out.comparison = comparison;
  if (granularity) out.granularity = granularity;
  if (channel) out.channel = channel;
  if (typeof search.currency === "string" && /^[A-Z]{3}$/.test(search.currency))
    out.currency = search.currency;
  return out;
}

/** The full state of a parsed search. */
export function periodStateOf(search: PeriodSearch): PeriodState {
  return { ...DEFAULT_PERIOD_STATE, ...search };
}

/** The URL form of a state: defaults are left out so plain /home stays plain. */
export function serialisePeriodState(state: PeriodState): PeriodSearch {
  const out: PeriodSearch = {};
  if (state.period !== DEFAULT_PERIOD_STATE.period) out.period = state.period;
  if (state.period === "custom") {
    out.from = state.from;
    out.to = state.to;
  }
  if (state.comparison !== DEFAULT_PERIOD_STATE.comparison) out.comparison = state.comparison;
  if (state.granularity !== DEFAULT_PERIOD_STATE.granularity) out.granularity = state.granularity;
  if (state.channel !== DEFAULT_PERIOD_STATE.channel) out.channel = state.channel;
  if (state.currency) out.currency = state.currency;
  return out;
}
