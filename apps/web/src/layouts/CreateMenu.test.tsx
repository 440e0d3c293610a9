import { act, fireEvent, screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSession, type Session, setSession } from "../auth/session.ts";
import { renderInApp, text, useLanguage } from "../test/render.tsx";
import { memoryRouter } from "../test/router.tsx";
import { CreateMenu } from "./CreateMenu.tsx";

function signedIn(type: Session["type"], permNames: string[]): void {
  setSession(
    {
      id: 1,
      type,
      name: "Nile Electronics",
      username: "someone",
      country: "EGY",
      merchant_id: 1,
      permNames,
      acq_partner: null,
      partner_time_zone: null,
      has_live_integration: true,
      temp: false,
    } as Session,
    null,
  );
}

async function show(lang: "en" | "ar" = "en") {
  const { router, element } = memoryRouter(() => <CreateMenu />, `/${lang}/transactions`);
  renderInApp(element, lang);
  await act(() => router.load());
}

/** The header's Create menu: its five items by permission, in both languages, opened from the keyboard. */
describe("CreateMenu", () => {
  beforeAll(() => useLanguage("en"));
  afterAll(() => clearSession());

  it("offers the five items to an owner, each linking to its screen; Escape closes it", async () => {
    signedIn("Merchant", [
      "can create quick links",
      "can create products",
      "can create orders",
      "can create transactions",
    ]);
    await show();
    const button = screen.getByTestId("create-menu");
    expect(button.textContent).toContain(text("en", "header.create"));
    // Enter or Space on the button is a click in a browser (the journeys open it so).
    await act(async () => {
      fireEvent.click(button);
    });
    const items = ["newPaymentLink", "newProduct", "newInvoice", "bulkInvoices", "qrPayment"];
    for (const key of items) {
      const item = await screen.findByTestId(`create-${key}`);
      expect(item.textContent).toBe(text("en", `nav.${key}`));
    }
    expect(screen.getByTestId("create-bulkInvoices").getAttribute("href")).toBe("/en/bulk-invoices");
    expect(screen.getByTestId("create-qrPayment").getAttribute("href")).toBe("/en/qr-payment");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    await act(async () => {
      fireEvent.keyDown(screen.getByTestId("create-newInvoice"), { key: "Escape" });
    });
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("follows the staff user's permissions, in Arabic", async () => {
    signedIn("MerchantStaff", ["can create orders"]);
    await useLanguage("ar");
    await show("ar");
    await act(async () => {
      fireEvent.click(screen.getByTestId("create-menu"));
    });
    expect((await screen.findByTestId("create-bulkInvoices")).textContent).toBe(
      text("ar", "nav.bulkInvoices"),
    );
    expect(screen.getByTestId("create-newInvoice")).toBeTruthy();
    expect(screen.queryByTestId("create-qrPayment")).toBeNull();
    expect(screen.queryByTestId("create-newProduct")).toBeNull();
    await useLanguage("en");
  });

  it("is not shown to a user who may create nothing", async () => {
    signedIn("MerchantStaff", ["can view orders"]);
    await show();
    expect(screen.queryByTestId("create-menu")).toBeNull();
  });
});
