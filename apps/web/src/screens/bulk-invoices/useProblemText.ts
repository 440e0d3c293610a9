import { useTranslation } from "react-i18next";

const INVOICE_RULES = new Set([
  "required",
  "invalid_phone",
  "invalid_email",
  "invalid_amount",
  "select_payment",
  "html_tags",
  "select_currency",
  "invalid_date",
]);

/**
 * A row problem's text in the user's language: the invoice form's own messages for its rules (the invoices
 * catalogue: one translation of each), the bulk file's for its columns, the code itself for anything unknown.
 */
export function useProblemText(): (code: string) => string {
  const { t } = useTranslation();
  return (code) => {
    if (INVOICE_RULES.has(code)) return t(`invoices.validation.${code as "required"}`);
    if (code === "merchant_invoice_id_exists" || code === "order_id_exists")
      return t(`invoices.errors.${code}`);
    if (code.startsWith("bulk_"))
      return t(`bulkInvoices.problems.${code as "bulk_yes_no"}`, { defaultValue: code });
    return code;
  };
}
