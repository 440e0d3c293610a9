import { REQUEST_STATES, type RequestState } from "@portal/domain/api/request-to-pay";
import { PAGE_SIZES } from "./tableSearch.ts";

/** The Request to pay route's search (router.tsx): kept apart from the screen so the router stays small. */
export interface RequestToPaySearch {
  state?: RequestState | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

/** The state filter, the page and its size in the URL, so a view can be shared and reloaded; others dropped. */
export function parseRequestToPaySearch(search: Record<string, unknown>): RequestToPaySearch {
  const state = (REQUEST_STATES as readonly unknown[]).includes(search.state)
    ? (search.state as RequestState)
    : undefined;
  const page = Number(search.page);
  const size = Number(search.page_size);
  return {
    state,
    page: Number.isInteger(page) && page > 1 && page < 100_000 ? page : undefined,
    page_size: (PAGE_SIZES as readonly number[]).includes(size) ? size : undefined,
  };
}
