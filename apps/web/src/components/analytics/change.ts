/**
 * The comparison change of a figure (contract `Compared`: value, previous, change_percent): direction and
 * percentage. Pure, so the arrow, the number and the accessible sentence all come from one place.
 */
export type ChangeDirection = "up" | "down" | "flat" | "new";

export interface Change {
  direction: ChangeDirection;
  /** Absolute percentage (one decimal, from the server's change_percent); null for "new". */
  percent: number | null;
}

export interface ComparedFigure {
  value: number;
  previous: number | null;
  change_percent: number | null;
}

/**
 * null without a comparison (previous is null). A previous of 0 with a value above it is "new" (no percentage
 * exists); equal values, or a change that rounds to 0.0%, are "flat".
 */
export function changeOf(figure: ComparedFigure): Change | null {
  const { value, previous } = figure;
  if (previous === null) return null;
  if (value === previous) return { direction: "flat", percent: 0 };
  if (previous === 0) return { direction: "new", percent: null };
  const percent = figure.change_percent ?? Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10;
  const rounded = Math.round(Math.abs(percent) * 10) / 10;
  if (rounded === 0) return { direction: "flat", percent: 0 };
  return { direction: value > previous ? "up" : "down", percent: rounded };
}

/** "12.5%" in English, "12.5٪" in Arabic (Latin digits, like the amounts); a null percent gives "". */
export function formatPercent(percent: number | null, lang: "en" | "ar"): string {
  if (percent === null) return "";
  const text = new Intl.NumberFormat(lang === "ar" ? "ar" : "en", {
    maximumFractionDigits: 1,
    minimumFractionDigits: 0,
    numberingSystem: "latn",
  }).format(percent);
  return lang === "ar" ? `${text}٪` : `${text}%`;
}

/** Counts with Latin digits and the language's grouping: 12,345. */
export function formatCount(value: number, lang: "en" | "ar"): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 0, numberingSystem: "latn" }).format(value);
}

/** Axis ticks of amounts in minor units: compact major units ("1.2K", "3.4M"). */
export function formatCompactAmount(minor: number, exponent: number, lang: "en" | "ar"): string {
  return new Intl.NumberFormat(lang, {
    notation: "compact",
    maximumFractionDigits: 1,
    numberingSystem: "latn",
  }).format(minor / 10 ** exponent);
}
