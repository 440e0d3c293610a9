import { act, fireEvent, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderInApp, useLanguage } from "../../test/render.tsx";
import { memoryRouter } from "../../test/router.tsx";
import { useTableSearch } from "./useTableSearch.ts";

/** Buttons that drive the hook's setters, and the search it reads. */
function Probe() {
  const { search, setSearch, paging } = useTableSearch("/{-$lang}/app/transactions");
  return (
    <div>
      <output data-testid="state">
        {JSON.stringify({ page: paging.page, pageSize: paging.pageSize, search })}
      </output>
      <button type="button" onClick={() => paging.onPage(3)}>
        page 3
      </button>
      <button type="button" onClick={() => paging.onPage(1)}>
        page 1
      </button>
      <button type="button" onClick={() => paging.onPageSize(25)}>
        size 25
      </button>
      <button type="button" onClick={() => paging.onPageSize(10)}>
        size 10
      </button>
      <button type="button" onClick={() => paging.onSort("-amount")}>
        sort
      </button>
      <button type="button" onClick={() => setSearch({ ...search, status: "success" })}>
        filter
      </button>
    </div>
  );
}

async function show(url: string) {
  const { router, history, element } = memoryRouter(() => <Probe />, url);
  renderInApp(element);
  await act(() => router.load());
  const click = async (name: string) => {
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name }));
    });
  };
  const state = () => JSON.parse(screen.getByTestId("state").textContent ?? "{}");
  return {
    router,
    history,
    click,
    state,
    url: () => `${router.state.location.pathname}${router.state.location.searchStr}`,
  };
}

describe("useTableSearch: the table state lives in the URL", () => {
  beforeAll(() => useLanguage("en"));

  it("reads page, size, sort and filters from the URL, with defaults when absent", async () => {
    const view = await show("/en/transactions?page=2&page_size=50&sort=-created_at&status=pending");
    expect(view.state()).toEqual({
      page: 2,
      pageSize: 50,
      search: { page: 2, page_size: 50, sort: "-created_at", status: "pending" },
    });
  });

  it("falls back to page 1 and 10 rows without them", async () => {
    const plain = await show("/en/transactions");
    expect(plain.state()).toEqual({ page: 1, pageSize: 10, search: {} });
  });

  it("writes each change into the URL, one history entry per change, leaving defaults out", async () => {
    const view = await show("/en/transactions?status=pending");
    await view.click("page 3");
    expect(view.url()).toBe("/en/transactions?status=pending&page=3");
    await view.click("page 1");
    expect(view.url()).toBe("/en/transactions?status=pending");
    await view.click("page 3");
    await view.click("size 25");
    expect(view.url()).toBe("/en/transactions?status=pending&page_size=25");
    await view.click("size 10");
    expect(view.url()).toBe("/en/transactions?status=pending");
    await view.click("page 3");
    await view.click("sort");
    expect(view.url()).toBe("/en/transactions?status=pending&sort=-amount");
    expect(view.state()).toMatchObject({ page: 1, search: { status: "pending", sort: "-amount" } });
    await act(async () => view.history.back());
    expect(view.url()).toBe("/en/transactions?status=pending&page=3");
  });

  it("keeps the state a filter change sets (the list screens' apply)", async () => {
    const view = await show("/en/transactions?page_size=25");
    await view.click("filter");
    expect(view.url()).toBe("/en/transactions?page_size=25&status=success");
  });
});
