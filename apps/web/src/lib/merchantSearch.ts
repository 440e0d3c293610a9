import { MERCHANT_STAGES, MERCHANT_STATUSES } from "@portal/domain/merchant-states";
import { parseTableSearch, type TableSearch } from "./tableSearch.ts";

/** The merchants summary's filters in the URL (back-office.md section 2): merchant id, category (MCC), status. */
export const MERCHANT_FILTERS = ["id", "mcc", "status"] as const;

export function parseMerchantSearch(search: Record<string, unknown>): TableSearch {
  const out = parseTableSearch(search, MERCHANT_FILTERS);
  // Values the API would refuse are dropped here, so a hand-edited URL shows the list rather than an error.
  if (out.id !== undefined && !/^\d{1,15}$/.test(String(out.id))) delete out.id;
  if (out.mcc !== undefined && !/^\d{4}$/.test(String(out.mcc))) delete out.mcc;
  if (out.status !== undefined && !(MERCHANT_STATUSES as readonly string[]).includes(String(out.status)))
    delete out.status;
  return out;
}

/** The admin page's stage filter in the URL, with its paging. */
export function parseAdminSearch(search: Record<string, unknown>): TableSearch {
  const out = parseTableSearch(search, ["stage"]);
  if (out.stage !== undefined && !(MERCHANT_STAGES as readonly string[]).includes(String(out.stage)))
    delete out.stage;
  return out;
}
