/** The Risk Center route's search (router.tsx): kept apart from the screen so the router stays small. */
export type RiskTab = "rules" | "black" | "white";
export interface RiskSearch {
  tab?: RiskTab | undefined;
  page?: number | undefined;
  audit_page?: number | undefined;
}

/** The tab and the pages in the URL, so a view can be shared and reloaded; anything else is dropped. */
export function parseRiskSearch(search: Record<string, unknown>): RiskSearch {
  const tab = search.tab === "black" || search.tab === "white" ? search.tab : undefined;
  const int = (v: unknown) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 1 && n < 100_000 ? n : undefined;
  };
  return { tab, page: int(search.page), audit_page: int(search.audit_page) };
}
