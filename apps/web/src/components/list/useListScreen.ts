import { useDashboard } from "../../layouts/useDashboard.ts";
import { allowedSort } from "../../lib/tableSearch.ts";
import { useViewMode, viewpointOf } from "../../live/viewpoint.ts";
import { type TableRoute, useTableSearch } from "./useTableSearch.ts";

/**
 * The state of a workspace list screen (transactions, orders): who is looking (merchant or bank, live or test),
 * the URL's table state with the sort the API accepts, and the setters the screen's parts need.
 */
export function useListScreen(from: TableRoute, sorts: readonly string[]) {
  const { lang, session } = useDashboard();
  const view = viewpointOf(session.type);
  const { isLive } = useViewMode(view);
  const { search, setSearch, paging } = useTableSearch(from);
  const sort = allowedSort(search.sort, sorts);
  return {
    lang,
    view,
    isLive,
    isMerchant: view === "merchant",
    /** Merchants and their staff export their rows; a terminal or a partner has no export (the server: 403). */
    canExport: session.type === "Merchant" || session.type === "MerchantStaff",
    search,
    setSearch,
    paging,
    sort,
    /** The totals header's own range (not a list filter). */
    setTotalsRange: (from?: string, to?: string) =>
      setSearch({ ...search, totals_from: from, totals_to: to }),
  };
}

export type ListScreenState = ReturnType<typeof useListScreen>;
