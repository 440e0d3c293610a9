import { fireEvent, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderInApp, text, useLanguage } from "../../test/render.tsx";
import { type FilterField, FiltersPanel } from "./FiltersPanel.tsx";

const fields: FilterField[] = [
  { key: "id", kind: "number" },
  { key: "customer_name", kind: "text" },
  { key: "amount_from", kind: "amount" },
  { key: "card_last4", kind: "last4" },
];

function show(values: Record<string, string> = {}, lang: "en" | "ar" = "en") {
  const onApply = vi.fn();
  renderInApp(
    <FiltersPanel fields={fields} values={values} label={(k) => `label:${k}`} onApply={onApply} testId="f" />,
    lang,
  );
  return onApply;
}

const type = (key: string, value: string) =>
  fireEvent.change(screen.getByTestId(`filter-${key}`), { target: { value } });

describe("FiltersPanel", () => {
  beforeAll(() => useLanguage("en"));

  it("starts closed without active filters and opens with its toggle", () => {
    show();
    const toggle = screen.getByTestId("f-toggle");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.textContent).toBe(text("en", "transactions.filters.show"));
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe(text("en", "transactions.filters.hide"));
    expect(screen.queryByTestId("f-active")).toBeNull();
  });

  it("starts open with the URL's filters filled in and counts them", () => {
    show({ customer_name: "Mona", id: "12" });
    expect(screen.getByTestId("f-toggle").getAttribute("aria-expanded")).toBe("true");
    expect((screen.getByTestId("filter-customer_name") as HTMLInputElement).value).toBe("Mona");
    expect(screen.getByTestId("f-active").textContent).toBe(
      text("en", "transactions.filters.active", { count: 2 }),
    );
  });

  it("applies the draft in one go, not per key stroke", () => {
    const onApply = show();
    fireEvent.click(screen.getByTestId("f-toggle"));
    type("customer_name", "Mona");
    type("amount_from", "10.5");
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("f-apply"));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith({ customer_name: "Mona", amount_from: "10.5" });
  });

  it("refuses a bad number, amount or card ending with a message, and applies nothing", () => {
    const onApply = show();
    fireEvent.click(screen.getByTestId("f-toggle"));
    type("id", "12a");
    type("amount_from", "1.2345");
    type("card_last4", "123");
    fireEvent.click(screen.getByTestId("f-apply"));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getAllByText(text("en", "transactions.filters.invalidNumber"))).toHaveLength(2);
    expect(screen.getByText(text("en", "transactions.filters.cardLast4Invalid"))).toBeTruthy();
    type("id", "12");
    type("amount_from", "1.234");
    type("card_last4", "1234");
    fireEvent.click(screen.getByTestId("f-apply"));
    expect(onApply).toHaveBeenCalledWith({ id: "12", amount_from: "1.234", card_last4: "1234" });
  });

  it("clears: every filter goes and the list is asked without them", () => {
    const onApply = show({ customer_name: "Mona" });
    fireEvent.click(screen.getByTestId("f-reset"));
    expect(onApply).toHaveBeenCalledWith({});
    expect((screen.getByTestId("filter-customer_name") as HTMLInputElement).value).toBe("");
  });

  it("applies on Enter in a field (the form's submit)", () => {
    const onApply = show({ id: "5" });
    fireEvent.submit(screen.getByTestId("filter-id").closest("form") as HTMLFormElement);
    expect(onApply).toHaveBeenCalledWith({ id: "5" });
  });

  it("speaks Arabic", async () => {
    await useLanguage("ar");
    try {
      show({}, "ar");
      expect(screen.getByTestId("f-toggle").textContent).toBe(text("ar", "transactions.filters.show"));
      expect(screen.getByTestId("f-apply").textContent).toBe(text("ar", "transactions.filters.apply"));
      expect(screen.getByTestId("f-reset").textContent).toBe(text("ar", "transactions.filters.reset"));
    } finally {
      await useLanguage("en");
    }
  });
});
