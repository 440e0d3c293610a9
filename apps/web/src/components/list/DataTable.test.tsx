import type { ColumnDef } from "@tanstack/react-table";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderInApp, text, useLanguage } from "../../test/render.tsx";
import { memoryRouter } from "../../test/router.tsx";
import { AnchorLink } from "../links.tsx";
import { type ColumnMeta, DataTable } from "./DataTable.tsx";

interface Row {
  id: number;
  amount: string;
}

const columns: ColumnDef<Row>[] = [
  {
    id: "id",
    header: "ID",
    meta: { sortable: true } satisfies ColumnMeta,
    cell: ({ row }) => (
      <AnchorLink
        to="/{-$lang}/transactions/$id"
        params={{ lang: "en", id: String(row.original.id) }}
        data-testid="tx-link"
      >
        {row.original.id}
      </AnchorLink>
    ),
  },
  {
    id: "amount",
    header: "Amount",
    meta: { numeric: true, sortable: true } satisfies ColumnMeta,
    cell: ({ row }) => row.original.amount,
  },
  { id: "note", header: "Note", cell: () => "—" },
];

function props(over: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return {
    label: "Payments",
    testId: "t",
    columns,
    rows: [
      { id: 7, amount: "10.00 EGP" },
      { id: 8, amount: "20.00 EGP" },
    ],
    count: 2,
    page: 1,
    pageSize: 10,
    sort: undefined,
    loading: false,
    error: false,
    onRetry: vi.fn(),
    onPage: vi.fn(),
    onPageSize: vi.fn(),
    onSort: vi.fn(),
    rowId: (r: Row) => String(r.id),
    emptyText: "Nothing here",
    ...over,
  };
}

/** DataTable inside the app's providers and a router (its rows hold router links). */
async function show(p: ReturnType<typeof props>, lang: "en" | "ar" = "en") {
  const { router, element } = memoryRouter(() => <DataTable<Row> {...p} />, `/${lang}/transactions`);
  renderInApp(element, lang);
  await act(() => router.load());
  return router;
}

describe("DataTable", () => {
  beforeAll(() => useLanguage("en"));

  it("shows the columns, a row per item with its id, and the count", async () => {
    await show(props());
    const table = screen.getByTestId("t");
    expect(table.getAttribute("aria-label")).toBe("Payments");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["ID↕", "Amount↕", "Note"]);
    const rows = screen.getAllByTestId("t-row");
    expect(rows.map((r) => r.getAttribute("data-row-id"))).toEqual(["7", "8"]);
    expect(
      within(rows[1] as HTMLElement)
        .getByText("20.00 EGP")
        .closest("td")?.className,
    ).toMatch(/numeric/);
    expect(screen.getByTestId("t-count").textContent).toBe(
      text("en", "transactions.table.entries", { count: 2 }),
    );
    expect(screen.queryByTestId("t-empty")).toBeNull();
  });

  it("links each row to its details page, and the link opens it", async () => {
    const router = await show(props());
    const links = screen.getAllByTestId("tx-link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/en/transactions/7", "/en/transactions/8"]);
    await act(async () => {
      fireEvent.click(links[0] as HTMLElement);
    });
    expect(router.state.location.pathname).toBe("/en/transactions/7");
    expect(await screen.findByTestId("details-route")).toBeTruthy();
  });

  it("shows the empty text when the page has no rows, and no skeleton", async () => {
    await show(props({ rows: [], count: 0 }));
    expect(screen.getByTestId("t-empty").textContent).toBe("Nothing here");
    expect(screen.queryAllByTestId("t-row")).toHaveLength(0);
    expect(screen.queryAllByTestId("t-skeleton")).toHaveLength(0);
  });

  it("shows skeleton rows while the first page loads, marked busy", async () => {
    await show(props({ rows: undefined, loading: true, pageSize: 25 }));
    expect(screen.getAllByTestId("t-skeleton")).toHaveLength(10);
    expect(screen.getByTestId("t").getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByTestId("t-empty")).toBeNull();
  });

  it("keeps the last rows while the next page loads", async () => {
    await show(props({ loading: true }));
    expect(screen.getAllByTestId("t-row")).toHaveLength(2);
    expect(screen.queryAllByTestId("t-skeleton")).toHaveLength(0);
  });

  it("shows the error with a retry button that asks again", async () => {
    const p = props({ error: true, rows: undefined });
    await show(p);
    expect(screen.getByTestId("t-error").textContent).toContain(text("en", "transactions.table.errorBody"));
    fireEvent.click(screen.getByTestId("t-retry"));
    expect(p.onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("t-empty")).toBeNull();
  });

  it("sorts a sortable column: descending first, then ascending, then none", async () => {
    const first = props();
    await show(first);
    expect(screen.getByTestId("sort-amount").closest("th")?.getAttribute("aria-sort")).toBe("none");
    expect(screen.queryByTestId("sort-note")).toBeNull();
    fireEvent.click(screen.getByTestId("sort-amount"));
    expect(first.onSort).toHaveBeenLastCalledWith("-amount");
  });

  it("shows the current sort and moves it on: descending to ascending to none", async () => {
    const desc = props({ sort: "-amount" });
    await show(desc);
    expect(screen.getByTestId("sort-amount").closest("th")?.getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(screen.getByTestId("sort-amount"));
    expect(desc.onSort).toHaveBeenLastCalledWith("amount");
    fireEvent.click(screen.getByTestId("sort-id"));
    expect(desc.onSort).toHaveBeenLastCalledWith("-id");
  });

  it("clears the sort after ascending", async () => {
    const asc = props({ sort: "amount" });
    await show(asc);
    expect(screen.getByTestId("sort-amount").closest("th")?.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(screen.getByTestId("sort-amount"));
    expect(asc.onSort).toHaveBeenLastCalledWith(undefined);
  });

  it("pages: one button per page, the next page asked by its number", async () => {
    const p = props({ count: 35, pageSize: 10, page: 2 });
    await show(p);
    const pager = screen.getByTestId("t-pagination");
    fireEvent.click(within(pager).getByLabelText(text("en", "transactions.table.page", { page: 4 })));
    expect(p.onPage).toHaveBeenLastCalledWith(4);
    fireEvent.click(within(pager).getByLabelText(text("en", "transactions.table.previous")));
    expect(p.onPage).toHaveBeenLastCalledWith(1);
  });

  it("speaks Arabic: texts from the ar catalogue", async () => {
    await useLanguage("ar");
    try {
      await show(props({ rows: [], count: 0, error: true }), "ar");
      expect(screen.getByTestId("t-count").textContent).toBe(
        text("ar", "transactions.table.entries", { count: 0 }),
      );
      expect(screen.getByTestId("t-retry").textContent).toBe(text("ar", "transactions.table.retry"));
      expect(document.documentElement.dir).toBe("rtl");
    } finally {
      await useLanguage("en");
    }
  });
});
