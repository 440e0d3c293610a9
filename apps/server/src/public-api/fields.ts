import { z } from "zod";

/**
 * Field types that accept the known client variations: ids and amounts as numbers or numeric strings,
 * booleans as true/false or "true"/"false".
 */

const numericString = /^\s*-?\d+\s*$/;

export const intField = () =>
  z.preprocess((v) => (typeof v === "string" && numericString.test(v) ? Number(v) : v), z.number().int());

export const idField = () => intField().pipe(z.number().int().positive());

export const amountField = () => intField().pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

export const boolField = () =>
  z.preprocess((v) => {
    if (typeof v === "string") {
      const s = v.trim().toLowerCase();
      if (s === "true" || s === "1") return true;
      if (s === "false" || s === "0" || s === "") return false;
    }
    return v;
  }, z.boolean());

/** Optional free text the provider accepts as anything printable; numbers are taken as their text. */
export const textField = () => z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string());

export const billingDataSchema = z
  .object({
    first_name: textField().pipe(z.string().min(1).max(50)),
    last_name: textField().pipe(z.string().min(1).max(50)),
    email: textField().pipe(z.string().min(1).max(254)),
    phone_number: textField().pipe(z.string().min(1).max(32)),
    apartment: textField().optional(),
    floor: textField().optional(),
    street: textField().optional(),
    building: textField().optional(),
    shipping_method: textField().optional(),
    postal_code: textField().optional(),
    city: textField().optional(),
    country: textField().optional(),
    state: textField().optional(),
    extra_description: textField().optional(),
  })
  .passthrough();

export type BillingData = z.infer<typeof billingDataSchema>;

/** The provider fills missing optional billing fields with "NA". */
export function normalizeBilling(b: BillingData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [
    "first_name",
    "last_name",
    "email",
    "phone_number",
    "apartment",
    "floor",
    "street",
    "building",
    "shipping_method",
    "postal_code",
    "city",
    "country",
    "state",
    "extra_description",
  ] as const) {
    const value = b[key];
    out[key] = typeof value === "string" && value.trim() !== "" ? value.trim() : "NA";
  }
  return out;
}
