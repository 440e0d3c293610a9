import { Accordion } from "@mantine/core";
import type { TransactionDetails } from "@portal/domain/api/transactions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../../i18n/language.ts";
import { money } from "../../../lib/money.ts";
import { renderInApp, text, useLanguage } from "../../../test/render.tsx";
import { memoryRouter } from "../../../test/router.tsx";
import { ActionsBar } from "./ActionsBar.tsx";
import { CallbacksSection } from "./CallbacksSection.tsx";
import { FailureSection } from "./FailureSection.tsx";
import { OrderSection } from "./OrderSection.tsx";
import { ParentSection } from "./ParentSection.tsx";
import { AddressSections, FinancingSections } from "./RecordSections.tsx";
import { TransactionSection } from "./TransactionSection.tsx";

const details: TransactionDetails = {
  transaction: {
    id: 501,
    type: "VPC",
    amount_cents: 28_999_00,
    trnx_type: "auth",
    updated_at: "2026-11-20T10:00:00Z",
    order_id: 77,
    created_at: "2026-11-20T09:59:00Z",
    origin: "SDK",
    other_references: null,
    status: "success",
    tip_amount_cents: null,
    captured_amount_cents: 0,
    refunded_amount_cents: 0,
    converted_amount_cents: null,
    fees_cents: 250,
    vat_cents: 35,
    commission_cents: 0,
    routing_bank: "CIB",
    card_holder_bank: null,
    card_type: "debit",
    card_sub_type: "MasterCard",
    issuing_country: "EG",
    scheme: "MasterCard",
    card_first6: "512345",
    card_last4: "2346",
    card_number: "512345******2346",
    merchant_staff_tag: null,
    original_amount_cents: null,
    discounted_amount_cents: null,
    amount_after_discount_cents: null,
    exchange_rate: null,
    margin_rate: null,
    currency: "EGP",
    order_amount_cents: 28_999_00,
    convenience_fee_cents: null,
    is_voided: false,
    is_refunded: false,
    is_captured: false,
    is_auth: true,
    is_3d_secure: true,
    is_standalone: false,
    is_installment: false,
    is_discounted: false,
    is_split_paid: false,
    is_live: false,
    pending: false,
    success: true,
    merchant_txn_ref: null,
    integration_id: 12,
    wallet_msisdn: null,
    created_by: "merchant.egypt",
    channel: "ONLINE",
    customer_name: null,
    customer_email: null,
    phone_number: null,
  },
  order: {
    id: 77,
    merchant_order_id: "shop-77",
    amount_cents: 28_999_00,
    paid_amount_cents: 0,
    currency: "EGP",
    status: "UNPAID",
    created_at: "2026-11-20T09:58:00Z",
    created_by: null,
    source: "SDK",
    delivery_needed: false,
    collector: null,
  },
  shipping: null,
  billing: { first_name: "Mona", email: "mona@example.com", site: "https://shop.example" },
  financing: { valu: { financed_amount: 10_000 } },
  parent: null,
  error: { failure_reason: null, txn_response_code: "APPROVED", acq_response_code: "00", message: null },
  callbacks: [
    {
      id: 1,
      kind: "TRANSACTION",
      trigger: "payment",
      attempt: 1,
      url: "https://shop.example/cb",
      attempted_at: "2026-11-20T10:00:01Z",
      status_code: 200,
      success: true,
      error: null,
    },
  ],
  actions: {
    can_delete: false,
    can_void: true,
    can_refund: false,
    can_capture: true,
    refund_needs_otp: false,
    max_refund_cents: 0,
    max_capture_cents: 28_999_00,
  },
};

/** The sections as the page composes them, inside a router (links) and a query client (actions). */
async function show(ui: () => React.ReactNode, lang: Lang = "en") {
  const client = new QueryClient();
  const { router, element } = memoryRouter(
    () => <QueryClientProvider client={client}>{ui()}</QueryClientProvider>,
    `/${lang}/transactions`,
  );
  renderInApp(element, lang);
  await act(() => router.load());
}

const page = (lang: Lang) => (
  <Accordion multiple defaultValue={["transaction", "order", "error"]}>
    <TransactionSection tx={details.transaction} lang={lang} />
    <OrderSection order={details.order} lang={lang} />
    <AddressSections details={details} />
    <FinancingSections financing={details.financing} />
    <ParentSection details={details} lang={lang} />
    <FailureSection error={details.error} lang={lang} />
    <CallbacksSection callbacks={details.callbacks} />
  </Accordion>
);

describe("the transaction details sections", () => {
  beforeAll(() => useLanguage("en"));

  it("come in the page's order, one per block, a financing section per provider", async () => {
    await show(() => page("en"));
    const ids = [...document.querySelectorAll("[data-testid^='section-']")].map((s) =>
      s.getAttribute("data-testid"),
    );
    expect(ids).toEqual([
      "section-transaction",
      "section-order",
      "section-shipping",
      "section-billing",
      "section-financing-valu",
      "section-parent",
      "section-error",
      "section-callbacks",
    ]);
    expect(screen.getByTestId("section-financing-valu").textContent).toContain(
      text("en", "transactions.details.financing.valu"),
    );
  });

  it("write the transaction's fields in the spec's order, amounts formatted and codes in words", async () => {
    await show(() => page("en"));
    const fields = within(screen.getByTestId("tx-fields"));
    const keys = [...screen.getByTestId("tx-fields").querySelectorAll("[data-field]")].map((f) =>
      f.getAttribute("data-field"),
    );
    expect(keys.slice(0, 6)).toEqual(["id", "type", "amount", "trnx_type", "status", "created_at"]);
    expect(keys.slice(-3)).toEqual(["is_live", "pending", "success"]);
    expect(keys).toHaveLength(50);
    expect(fields.getByTestId("field-amount").textContent).toBe(money(28_999_00, "EGP", "en"));
    expect(fields.getByTestId("field-card_type").textContent).toBe(text("en", "codes.cardTypes.debit"));
    expect(fields.getByTestId("field-fees_cents").textContent).toBe("250");
    expect(fields.getByTestId("field-is_auth").textContent).toBe(text("en", "transactions.details.yes"));
    expect(fields.getByTestId("field-tip_amount").textContent).toBe("—");
  });

  it("show free-form blocks with labels and links, and 'none' for an empty one", async () => {
    await show(() => page("en"));
    expect(screen.getByTestId("section-shipping").textContent).toContain(
      text("en", "transactions.details.none"),
    );
    const billing = within(screen.getByTestId("section-billing"));
    expect(billing.getByTestId("field-first_name").textContent).toBe("Mona");
    expect(billing.getByTestId("field-site").querySelector("a")?.getAttribute("href")).toBe(
      "https://shop.example",
    );
    expect(screen.getByTestId("section-parent").textContent).toContain(
      text("en", "transactions.details.none"),
    );
  });

  it("list the callbacks sent, with the receiver's answer", async () => {
    await show(() => page("en"));
    const log = screen.getByTestId("callback-log");
    expect(log.textContent).toContain("https://shop.example/cb");
    expect(log.textContent).toContain(`${text("en", "transactions.details.callbacks.delivered")} (200)`);
  });

  it("speak Arabic", async () => {
    await useLanguage("ar");
    try {
      await show(() => page("ar"), "ar");
      expect(screen.getByTestId("field-card_type").textContent).toBe(text("ar", "codes.cardTypes.debit"));
      expect(screen.getByTestId("section-transaction").textContent).toContain(
        text("ar", "transactions.details.sections.transaction"),
      );
    } finally {
      await useLanguage("en");
    }
  });
});

describe("the actions bar", () => {
  beforeAll(() => useLanguage("en"));

  const bar =
    (permNames: string[], partner = false) =>
    () => <ActionsBar details={details} lang="en" merchantView permNames={permNames} partner={partner} />;

  it("hides an action without its permission and disables one the state refuses", async () => {
    await show(bar(["can refund transactions", "can void transactions"]));
    expect(screen.queryByTestId("action-capture")).toBeNull();
    expect(screen.queryByTestId("action-delete")).toBeNull();
    expect((screen.getByTestId("action-refund") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("action-refund").getAttribute("title")).toBe(
      text("en", "transactions.actions.notAllowed"),
    );
    expect((screen.getByTestId("action-void") as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId("action-receipt").getAttribute("href")).toBe("/en/transactions/501/receipt");
  });

  it("gives a partner every action, and opens the capture form at the maximum", async () => {
    await show(bar([], true));
    for (const key of ["refund", "capture", "void", "delete"])
      expect(screen.getByTestId(`action-${key}`)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId("action-capture"));
    });
    expect((screen.getByTestId("capture-amount") as HTMLInputElement).value).toBe("28999.00");
  });
});
