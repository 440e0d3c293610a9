/**
 * Table state in the URL (direction.md principle 5): filters, page, page_size and sort as plain search params, so
 * a view can be reloaded and shared. Kept free of zod and React: router.tsx (first screen's JavaScript) uses it.
 */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * Every filter of merchant-dashboard.md section 3 (Transaction filters), as the list API names them
 * (packages/domain/src/api/transactions.ts and api/orders.ts); is_live is not a filter here: the live/test toggle sets it.
 * Amounts stay as typed (major units) in the URL and become minor units in the request.
 */
export const TRANSACTION_FILTERS = [
  "date_from",
  "date_to",
  "id",
  "order_id",
  "merchant_order_id",
  "created_by",
  "currency",
  "other_references",
  "integration_id",
  "status",
  "amount_from",
  "amount_to",
  "wallet_msisdn",
  "phone_number",
  "is_installment",
  "is_discounted",
  "type",
  "trnx_type",
  "origin",
  "customer_name",
  "customer_email",
  "card_last4",
  "is_split_paid",
  "merchant_id",
] as const;

export const ORDER_FILTERS = [
  "date_from",
  "date_to",
  "id",
  "merchant_order_id",
  "created_by",
  "currency",
  "status",
  "delivery_needed",
  "source",
  "amount_from",
  "amount_to",
  "merchant_id",
] as const;

/** The invoices list's filters (screens/invoices): the paid / unpaid status and the search text. */
export const INVOICE_FILTERS = ["status", "search"] as const;

export interface TableSearch {
  page?: number;
  page_size?: number;
  /** A column id, "-" first for descending: "-created_at". */
  sort?: string;
  /** The totals header's own date range (not a list filter). */
  totals_from?: string;
  totals_to?: string;
  [filter: string]: string | number | undefined;
}

const MAX_TEXT = 200;

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= MAX_TEXT ? trimmed : undefined;
}

/** Paging only (page, page_size), for lists without filters or sort; defaults and bad values are left out. */
export function parsePagingSearch(search: Record<string, unknown>): TableSearch {
  const out: TableSearch = {};
  const page = positiveInt(search.page);
  if (page && page > 1) out.page = page;
  const size = positiveInt(search.page_size);
  if (size && size !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(size))
    out.page_size = size;
  return out;
}

/** Keeps only known keys with usable values; a bad page or size falls back to the defaults (left out). */
export function parseTableSearch(search: Record<string, unknown>, filters: readonly string[]): TableSearch {
  const out = parsePagingSearch(search);
  const sort = text(search.sort);
  if (sort && /^-?[a-z_]+$/.test(sort)) out.sort = sort;
  for (const key of ["totals_from", "totals_to", ...filters]) {
    const value = text(search[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The filters only (what the panel edits and the API receives besides paging). */
export function filtersOf(search: TableSearch, filters: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of filters) {
    const value = search[key];
    if (value !== undefined && value !== "") out[key] = String(value);
  }
  return out;
}

/**
 * The list request's query string: filters, page (1-based), page_size and sort, in a stable order so equal views
 * give equal query keys.
 */
export function listQueryString(
  search: TableSearch,
  filters: readonly string[],
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  const f = filtersOf(search, filters);
  for (const key of Object.keys(f).sort()) params.set(key, f[key] as string);
  for (const key of Object.keys(extra).sort()) params.set(key, extra[key] as string);
  params.set("page", String(search.page ?? 1));
  params.set("page_size", String(search.page_size ?? DEFAULT_PAGE_SIZE));
  if (search.sort) params.set("sort", search.sort);
  return params.toString();
}

/** A new search after the filter panel is applied: old filters are replaced and paging starts again. */
export function withFilters(
  search: TableSearch,
  filters: readonly string[],
  next: Record<string, string | undefined>,
): TableSearch {
  const out: TableSearch = {};
  for (const [key, value] of Object.entries(search))
    if (!filters.includes(key) && key !== "page") out[key] = value;
  for (const key of filters) {
    const value = next[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

export interface SortState {
  id: string;
  desc: boolean;
}

export function parseSort(sort: string | undefined): SortState | null {
  if (!sort) return null;
  return sort.startsWith("-") ? { id: sort.slice(1), desc: true } : { id: sort, desc: false };
}

export function serialiseSort(state: SortState | null): string | undefined {
  if (!state) return undefined;
  return `${state.desc ? "-" : ""}${state.id}`;
}

/** The URL's sort when the list's API accepts it (`sorts` as the API lists them, "-" for descending), else none. */
export function allowedSort(sort: string | undefined, sorts: readonly string[]): string | undefined {
  return sort && sorts.some((s) => s.replace(/^-/, "") === sort.replace(/^-/, "")) ? sort : undefined;
}
