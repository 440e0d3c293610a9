import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Lang } from "../../i18n/language.ts";
import { renderInApp, text, useLanguage } from "../../test/render.tsx";
import { InvoiceForm, type ServerProblems } from "./InvoiceForm.tsx";
import { type InvoiceFormValues, prefilledForm } from "./invoiceForm.ts";

const INTEGRATIONS = [
  { id: 11, name: "Card", gateway_type: "VPC", currency: "EGP" },
  { id: 12, name: "Wallet", gateway_type: "UIG", currency: "EGP" },
  { id: 13, name: "Card USD", gateway_type: "VPC", currency: "USD" },
];

function form(
  lang: Lang = "en",
  answer: ServerProblems | undefined = undefined,
  integrations = INTEGRATIONS,
) {
  const onSubmit = vi.fn(async (_values: InvoiceFormValues) => answer);
  renderInApp(
    <InvoiceForm
      integrations={integrations}
      onSubmit={onSubmit}
      submitting={false}
      done={false}
      cancel={null}
      home={
        <button type="button" data-testid="home-page">
          Home Page
        </button>
      }
    />,
    lang,
  );
  return onSubmit;
}

const input = (field: string) => screen.getByTestId(`invoice-${field}`) as HTMLInputElement;
async function type(field: string, value: string) {
  await act(async () => {
    fireEvent.change(input(field), { target: { value } });
  });
}
async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}
/** The error text Mantine ties to an input (aria-describedby ... -error). */
const errorOf = (field: string) => {
  const el = input(field);
  const described = el.getAttribute("aria-describedby") ?? "";
  return described
    .split(" ")
    .filter((d) => d.endsWith("-error"))
    .map((d) => document.getElementById(d)?.textContent ?? "")
    .join("");
};
const v = (lang: Lang, code: string) => text(lang, `invoices.validation.${code}`);

async function pick(field: string, optionText: string) {
  await act(async () => {
    fireEvent.click(input(field));
  });
  const option = await screen.findByRole("option", { name: optionText, hidden: true });
  await act(async () => {
    fireEvent.click(option);
  });
}

async function fillValid() {
  await type("fullName", "Hana Samir");
  await type("phoneNumber", "+201005550000");
  await type("email", "hana@example.test");
  await type("merchantOrderId", "INV-77");
  await click("invoice-tab-order");
  await type("orderName", "Consulting");
  await type("orderAmount", "150.50");
  await pick("currency", "EGP");
  await pick("gatewayType", "Card (VPC)");
  await click("invoice-delivery-no");
}

describe("InvoiceForm", { timeout: 20_000 }, () => {
  beforeAll(() => useLanguage("en"));

  it("refuses an empty form with 'This field is required.' on the General tab, then on the Order tab", async () => {
    const onSubmit = form();
    await click("invoice-submit");
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId("invoice-fix-errors")).toBeTruthy();
    for (const field of ["fullName", "phoneNumber", "email"])
      expect(errorOf(field)).toBe(v("en", "required"));
    expect(errorOf("merchantOrderId")).toBe("");
    await click("invoice-tab-order");
    expect(errorOf("orderName")).toBe("This field is required.");
    expect(errorOf("orderAmount")).toBe("This field is required.");
    expect(errorOf("currency")).toBe("This field is required.");
    expect(errorOf("gatewayType")).toBe("Please select one payment at least.");
    expect(screen.getByTestId("invoice-deliveryNeeded").textContent).toContain("This field is required.");
  });

  it("shows each rule's message once the field is changed, word for word", async () => {
    form();
    await type("phoneNumber", "12ab");
    expect(errorOf("phoneNumber")).toBe("Please enter valid phone number.");
    expect(errorOf("fullName")).toBe("");
    await type("email", "hana@");
    expect(errorOf("email")).toBe("Please enter valid email.");
    await type("fullName", "<b>Hana</b>");
    expect(errorOf("fullName")).toBe("Please remove any HTML tags.");
    await type("fullName", "Hana Samir");
    expect(errorOf("fullName")).toBe("");
    await click("invoice-tab-order");
    await type("orderAmount", "-3");
    expect(errorOf("orderAmount")).toBe("Please enter valid Amount.");
    await type("orderDescription", "<script>x</script>");
    expect(errorOf("orderDescription")).toBe("Please remove any HTML tags.");
  });

  it("sends a valid form and shows the server's duplicate id on its field", async () => {
    const onSubmit = form("en", { merchantOrderId: "merchant_invoice_id_exists" });
    await fillValid();
    await click("invoice-submit");
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      fullName: "Hana Samir",
      orderAmount: "150.50",
      currency: "EGP",
      gatewayType: ["11"],
      deliveryNeeded: "no",
    });
    // Back on the General tab, where the id is.
    await waitFor(() => expect(errorOf("merchantOrderId")).toBe("Merchant Invoice ID already exists"));
  });

  it("offers only the chosen currency's payment methods", async () => {
    form();
    await click("invoice-tab-order");
    await pick("currency", "USD");
    await act(async () => {
      fireEvent.click(input("gatewayType"));
    });
    expect(await screen.findByRole("option", { name: "Card USD (VPC)", hidden: true })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "Card (VPC)", hidden: true })).toBeNull();
  });

  it("says 'You don't have payment integrations' and offers the home page instead of the form", async () => {
    form("en", undefined, []);
    expect(screen.getByTestId("invoice-no-integrations").textContent).toContain(
      "You don't have payment integrations",
    );
    expect(screen.getByTestId("home-page")).toBeTruthy();
    expect(screen.queryByTestId("invoice-submit")).toBeNull();
  });

  it("starts from a product's prefill (Create Invoice on a product)", async () => {
    renderInApp(
      <InvoiceForm
        integrations={INTEGRATIONS}
        onSubmit={vi.fn(async () => undefined)}
        submitting={false}
        done={false}
        cancel={null}
        home={null}
        initial={prefilledForm({
          orderName: "Ceramic mug",
          orderAmount: "350.00",
          currency: "EGP",
          deliveryNeeded: "true",
          merchantOrderId: "MUG-1",
        })}
      />,
    );
    expect(input("merchantOrderId").value).toBe("MUG-1");
    await click("invoice-tab-order");
    expect(input("orderName").value).toBe("Ceramic mug");
    expect(input("orderAmount").value).toBe("350.00");
    expect(input("currency").value).toBe("EGP");
    expect((screen.getByTestId("invoice-delivery-yes") as HTMLInputElement).checked).toBe(true);
  });

  it("speaks Arabic", async () => {
    await useLanguage("ar");
    form("ar");
    await click("invoice-submit");
    expect(errorOf("fullName")).toBe(v("ar", "required"));
    expect(v("ar", "required")).not.toBe(v("en", "required"));
    await useLanguage("en");
  });
});
