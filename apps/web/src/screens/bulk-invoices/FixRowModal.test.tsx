import type { BulkRowValues } from "@portal/domain/api/bulk-invoices";
import { fireEvent, renderHook, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderInApp, text, useLanguage } from "../../test/render.tsx";
import { FixRowModal } from "./FixRowModal.tsx";
import { useProblemText } from "./useProblemText.ts";

const values: BulkRowValues = {
  full_name: "Hana Samir",
  phone_number: "+201005550000",
  email: "not-an-email",
  merchant_order_id: "INV-1",
  order_name: "Chairs",
  order_description: "",
  amount: "10",
  currency: "EGP",
  integration_id: "7",
  delivery_needed: "no",
  expiry_date: "",
  expiry_hour: "",
  send_email: "yes",
  send_sms: "no",
};

const input = (column: string) =>
  screen.getByTestId(`bulk-fix-${column}`).querySelector("input, textarea") ??
  (screen.getByTestId(`bulk-fix-${column}`) as HTMLInputElement);

describe("FixRowModal", () => {
  beforeAll(() => useLanguage("en"));

  it("shows the row's marks, checks as the user types with the form's rules, and saves the corrected row", () => {
    const onSave = vi.fn();
    renderInApp(
      <FixRowModal
        row={{
          line: 3,
          values,
          errors: { email: ["invalid_email"], merchant_order_id: ["merchant_invoice_id_exists"] },
        }}
        saving={false}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    const modal = screen.getByTestId("bulk-fix-modal");
    expect(modal.textContent).toContain(text("en", "invoices.validation.invalid_email"));
    expect(modal.textContent).toContain(text("en", "invoices.errors.merchant_invoice_id_exists"));
    fireEvent.change(input("email"), { target: { value: "hana@example.com" } });
    expect(modal.textContent).not.toContain(text("en", "invoices.validation.invalid_email"));
    fireEvent.change(input("amount"), { target: { value: "-3" } });
    expect(modal.textContent).toContain(text("en", "invoices.validation.invalid_amount"));
    fireEvent.change(input("amount"), { target: { value: "12.50" } });
    fireEvent.change(input("merchant_order_id"), { target: { value: "INV-2" } });
    fireEvent.click(screen.getByTestId("bulk-fix-save"));
    expect(onSave).toHaveBeenCalledWith({
      ...values,
      email: "hana@example.com",
      amount: "12.50",
      merchant_order_id: "INV-2",
    });
  });
});

describe("problem texts", () => {
  for (const lang of ["en", "ar"] as const)
    it(`say the invoice form's messages and the bulk file's own (${lang})`, async () => {
      await useLanguage(lang);
      const { result } = renderHook(() => useProblemText());
      expect(result.current("required")).toBe(text(lang, "invoices.validation.required"));
      expect(result.current("order_id_exists")).toBe(text(lang, "invoices.errors.order_id_exists"));
      expect(result.current("bulk_yes_no")).toBe(text(lang, "bulkInvoices.problems.bulk_yes_no"));
      expect(result.current("bulk_yes_no")).not.toBe("bulk_yes_no");
      await useLanguage("en");
    });
});
