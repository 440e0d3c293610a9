import { fireEvent, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/errors.ts";
import { renderInApp, text, useLanguage } from "../test/render.tsx";
import { DetailGrid } from "./DetailGrid.tsx";
import { DetailsError } from "./DetailsError.tsx";
import { PageTitle } from "./PageTitle.tsx";

describe("PageTitle", () => {
  beforeAll(() => useLanguage("en"));

  it("is the page's one level-1 heading, with its actions beside it", () => {
    renderInApp(
      <PageTitle title="Transactions">
        <button type="button">Export</button>
      </PageTitle>,
    );
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Transactions");
    expect(screen.getByRole("button", { name: "Export" })).toBeTruthy();
  });

  it("has no action group without actions", () => {
    const { container } = renderInApp(<PageTitle title="Orders" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Orders");
    expect(container.querySelectorAll("button")).toHaveLength(0);
  });
});

describe("DetailGrid", () => {
  beforeAll(() => useLanguage("en"));

  it("shows each label with its value, and a dash for an empty value", () => {
    renderInApp(
      <DetailGrid
        testId="grid"
        items={[
          { key: "amount", label: "Amount", value: "10.00 EGP" },
          { key: "email", label: "E-mail", value: "" },
          { key: "phone", label: "Phone", value: null },
          { key: "zero", label: "Count", value: 0 },
          { key: "link", label: "Order", value: <a href="/en/orders/3">3</a> },
        ]}
      />,
    );
    expect(screen.getByTestId("grid")).toBeTruthy();
    expect(screen.getByTestId("field-amount").textContent).toBe("10.00 EGP");
    expect(screen.getByTestId("field-email").textContent).toBe("—");
    expect(screen.getByTestId("field-phone").textContent).toBe("—");
    expect(screen.getByTestId("field-zero").textContent).toBe("0");
    expect(screen.getByTestId("field-link").querySelector("a")?.getAttribute("href")).toBe("/en/orders/3");
    const amount = screen.getByTestId("field-amount").closest("[data-field]");
    expect(amount?.getAttribute("data-field")).toBe("amount");
    expect(amount?.textContent).toBe("Amount10.00 EGP");
  });
});

describe("DetailsError", () => {
  beforeAll(() => useLanguage("en"));

  it("says 'not found' for a 404, without retry", () => {
    renderInApp(
      <DetailsError
        title="Transaction 9"
        testId="err"
        error={new ApiError("http", 404, undefined)}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByTestId("err").textContent).toBe(text("en", "transactions.details.notFound"));
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Transaction 9");
  });

  it("offers a retry for any other failure", () => {
    const onRetry = vi.fn();
    renderInApp(
      <DetailsError title="T" testId="err" error={new ApiError("network", 0, undefined)} onRetry={onRetry} />,
    );
    expect(screen.getByTestId("err").textContent).toContain(text("en", "transactions.table.errorBody"));
    fireEvent.click(screen.getByRole("button", { name: text("en", "transactions.table.retry") }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("speaks Arabic", async () => {
    await useLanguage("ar");
    try {
      renderInApp(
        <DetailsError
          title="T"
          testId="err"
          error={new ApiError("http", 404, undefined)}
          onRetry={vi.fn()}
        />,
        "ar",
      );
      expect(screen.getByTestId("err").textContent).toBe(text("ar", "transactions.details.notFound"));
    } finally {
      await useLanguage("en");
    }
  });
});
