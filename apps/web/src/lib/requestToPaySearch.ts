import type { REQUEST_STATES, RequestState } from "@portal/domain/api/request-to-pay";
import { PAGE_SIZES } from "./tableSearch.ts";

/**
 * The contract's states, written out: the router is in the sign-in page's first download, and a value import of
 * the contract file would bring every route of it along (the sign-in budget). The types keep the two lists equal.
 */
const STATES = ["created", "sent", "paid", "expired", "cancelled"] as const satisfies readonly RequestState[];
type Missing = Exclude<(typeof REQUEST_STATES)[number], (typeof STATES)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

/** The Request to pay route's search (router.tsx): kept apart from the screen so the router stays small. */
export interface RequestToPaySearch {
  state?: RequestState | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

/** The state filter, the page and its size in the URL, so a view can be shared and reloaded; others dropped. */
export function parseRequestToPaySearch(search: Record<string, unknown>): RequestToPaySearch {
  const state = (STATES as readonly unknown[]).includes(search.state)
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
