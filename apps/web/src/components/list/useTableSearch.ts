import { useNavigate, useSearch } from "@tanstack/react-router";
import { DEFAULT_PAGE_SIZE, type TableSearch } from "../../lib/tableSearch.ts";

/** The list routes whose table state is in the URL (router.tsx: validateSearch). */
export type TableRoute =
  | "/{-$lang}/app/transactions"
  | "/{-$lang}/app/orders"
  | "/{-$lang}/app/payment-integrations"
  | "/{-$lang}/app/invoices"
  | "/{-$lang}/app/merchants"
  | "/{-$lang}/app/merchant-admin"
  | "/{-$lang}/app/chargebacks"
  | "/{-$lang}/app/customers"
  | "/{-$lang}/app/report-files"
  | "/{-$lang}/app/terminals"
  | "/{-$lang}/app/branches";

/**
 * The URL's table state of a list route, a setter that replaces it (history entry per change), and DataTable's
 * paging and sort props bound to it: a new page size or sort starts again at page 1; defaults are left out.
 */
export function useTableSearch(from: TableRoute) {
  const search = useSearch({ from }) as TableSearch;
  const navigate = useNavigate();
  const setSearch = (next: TableSearch) => {
    void navigate({ to: ".", search: next as never, replace: false });
  };
  const paging = {
    page: search.page ?? 1,
    pageSize: search.page_size ?? DEFAULT_PAGE_SIZE,
    onPage: (page: number) => setSearch({ ...search, page: page > 1 ? page : undefined }),
    onPageSize: (size: number) =>
      setSearch({ ...search, page: undefined, page_size: size === DEFAULT_PAGE_SIZE ? undefined : size }),
    onSort: (sort: string | undefined) => setSearch({ ...search, page: undefined, sort }),
  };
  return { search, setSearch, paging };
}
