import {
  checkInvoiceDraft,
  type InvoiceCreateBody,
  type InvoiceDraft,
  type InvoiceField,
  type InvoiceProblems,
} from "@portal/domain/api/invoices";

/** The create form's values as the inputs hold them (text; the hour and the choices as strings). */
export interface InvoiceFormValues {
  fullName: string;
  phoneNumber: string;
  email: string;
  merchantOrderId: string;
  expiryDate: string;
  expiryHour: string;
  orderName: string;
  orderDescription: string;
  orderAmount: string;
  currency: string;
  gatewayType: string[];
  /** "yes", "no", or "" before a choice. */
  deliveryNeeded: string;
}

export const EMPTY_INVOICE_FORM: InvoiceFormValues = {
  fullName: "",
  phoneNumber: "",
  email: "",
  merchantOrderId: "",
  expiryDate: "",
  expiryHour: "",
  orderName: "",
  orderDescription: "",
  orderAmount: "",
  currency: "",
  gatewayType: [],
  deliveryNeeded: "",
};

/** The tab each field is on. */
export const GENERAL_FIELDS: readonly InvoiceField[] = [
  "fullName",
  "phoneNumber",
  "email",
  "merchantOrderId",
  "expiryDate",
  "expiryHour",
];

/** The draft the shared rules (and the server) take. */
export function draftOf(v: InvoiceFormValues): InvoiceDraft {
  return {
    fullName: v.fullName,
    phoneNumber: v.phoneNumber,
    email: v.email,
    merchantOrderId: v.merchantOrderId,
    orderName: v.orderName,
    orderDescription: v.orderDescription,
    orderAmount: v.orderAmount,
    currency: v.currency,
    gatewayType: v.gatewayType.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0),
    deliveryNeeded: v.deliveryNeeded === "" ? undefined : v.deliveryNeeded === "yes",
    expiryDate: v.expiryDate || undefined,
    expiryHour: v.expiryHour === "" ? undefined : Number(v.expiryHour),
  };
}

/** The form's problems by the shared rules (the same as the server's), none when it may be sent. */
export function formProblems(v: InvoiceFormValues): InvoiceProblems {
  const check = checkInvoiceDraft(draftOf(v));
  return check.ok ? {} : check.problems;
}

/** The request body of a valid form. */
export function bodyOf(v: InvoiceFormValues, isLive: boolean): InvoiceCreateBody {
  return { ...draftOf(v), is_live: isLive };
}

/** Which tab holds the first problem (to show it after a submit). */
export function tabOfProblems(problems: InvoiceProblems): "general" | "order" | undefined {
  const fields = Object.keys(problems) as InvoiceField[];
  if (fields.length === 0) return undefined;
  return fields.some((f) => GENERAL_FIELDS.includes(f)) ? "general" : "order";
}

/** The form's first values from a prefill (a product's Create Invoice): the Order tab's fields and the id. */
export function prefilledForm(prefill: Record<string, string | undefined>): InvoiceFormValues {
  const delivery = prefill.deliveryNeeded;
  return {
    ...EMPTY_INVOICE_FORM,
    merchantOrderId: prefill.merchantOrderId ?? "",
    orderName: prefill.orderName ?? "",
    orderDescription: prefill.orderDescription ?? "",
    orderAmount: prefill.orderAmount ?? "",
    currency: prefill.currency ?? "",
    deliveryNeeded:
      delivery === "true" || delivery === "yes"
        ? "yes"
        : delivery === "false" || delivery === "no"
          ? "no"
          : "",
  };
}
