import { useNavigate, useSearch } from "@tanstack/react-router";
import type { TableSearch } from "./tableSearch.ts";

/** The URL's table state of a list route and a setter that replaces it (history entry per change). */
export function useTableSearch(from: "/{-$lang}/app/transactions" | "/{-$lang}/app/orders") {
  const search = useSearch({ from }) as TableSearch;
  const navigate = useNavigate();
  const setSearch = (next: TableSearch) => {
    void navigate({ to: ".", search: next as never, replace: false });
  };
  return { search, setSearch };
}
