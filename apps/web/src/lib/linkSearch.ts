import { LINK_DISPLAY_STATES, type LinkDisplayState } from "@portal/domain/link-states";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "./tableSearch.ts";

/** The payment links list's state in the URL: page, size, status filter, search text and the open link. */
export interface LinkSearch {
  page?: number;
  page_size?: number;
  status?: LinkDisplayState;
  search?: string;
  /** The link whose details (and QR code) are open. */
  open?: number;
}

const positiveInt = (v: unknown): number | undefined => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Keeps only known keys with usable values; anything else falls back to the default (left out). */
export function parseLinkSearch(search: Record<string, unknown>): LinkSearch {
  const out: LinkSearch = {};
  const page = positiveInt(search.page);
  if (page && page > 1) out.page = page;
  const size = positiveInt(search.page_size);
  if (size && size !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(size))
    out.page_size = size;
  if ((LINK_DISPLAY_STATES as readonly unknown[]).includes(search.status))
    out.status = search.status as LinkDisplayState;
  if (typeof search.search === "string" && search.search.trim() !== "")
    out.search = search.search.trim().slice(0, 200);
  const open = positiveInt(search.open);
  if (open) out.open = open;
  return out;
}
