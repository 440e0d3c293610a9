import { z } from "zod";
import { AMOUNT_MAX_MINOR } from "../currencies.ts";
import {
  boundedText,
  FORBIDDEN_CHARACTERS_MESSAGE,
  JSON_FIELD_MAX_BYTES,
  JSON_FIELD_MAX_DEPTH,
  jsonProblem,
  TEXT_MAX,
} from "../text-input.ts";
import { isHttpUrl } from "../validation.ts";

/**
 * The field types of the provider-compatible public API's contracts (public-api*.ts). They accept the known
 * client variations (ids and amounts as numbers or numeric strings, booleans as true/false or "true"/"false")
 * and bound everything else from outside (docs/security.md): text has a documented maximum length and no NUL,
 * control characters or unpaired surrogates, amounts are positive and at most the documented maximum, URLs are
 * absolute http(s), JSON objects are bounded in size and depth.
 */

const numericString = /^\s*-?\d+\s*$/;

export const intField = () =>
  z.preprocess((v) => (typeof v === "string" && numericString.test(v) ? Number(v) : v), z.number().int());

export const idField = () => intField().pipe(z.number().int().positive());

/** A count or a number of seconds: 1 or more. */
export const positiveIntField = () =>
  intField().pipe(z.number().int().min(1, { message: "Ensure this value is greater than or equal to 1." }));

/**
 * An amount in minor units: positive and at most AMOUNT_MAX_MINOR, the largest of the currencies' documented
 * maximums (the services also check the amount against its own currency's, maxAmountMinor).
 */
export const amountField = () =>
  intField().pipe(
    z
      .number()
      .int()
      .min(1, { message: "Ensure this value is greater than or equal to 1." })
      .max(AMOUNT_MAX_MINOR, {
        message: `Ensure this value is less than or equal to ${AMOUNT_MAX_MINOR}.`,
      }),
  );

export const boolField = () =>
  z.preprocess((v) => {
    if (typeof v === "string") {
      const s = v.trim().toLowerCase();
      if (s === "true" || s === "1") return true;
      if (s === "false" || s === "0" || s === "") return false;
    }
    return v;
  }, z.boolean());

/** Tokens, keys, secrets, codes: short, single-line. */
export const tokenField = () => boundedText(TEXT_MAX.token);

/** Text the provider accepts as anything printable (numbers are taken as their text), at most `max` characters. */
export const textField = (max: number = TEXT_MAX.name, opts: { multiline?: boolean } = {}) =>
  z.preprocess((v) => (typeof v === "number" ? String(v) : v), boundedText(max, opts));

/** An absolute http(s) address; an empty value means none. */
export const urlField = () =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    boundedText(TEXT_MAX.url)
      .refine(isHttpUrl, { message: "Enter a valid URL." })
      .transform((v) => v.trim())
      .optional(),
  );

const JSON_MESSAGES = {
  characters: FORBIDDEN_CHARACTERS_MESSAGE,
  too_large: `Ensure this object has no more than ${JSON_FIELD_MAX_BYTES} bytes of JSON.`,
  too_deep: `Ensure this object is nested no deeper than ${JSON_FIELD_MAX_DEPTH} levels.`,
} as const;

/** A JSON object kept as the client sent it (extras, customer, shipping_data): bounded (jsonProblem). */
export const jsonObjectField = () =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const problem = jsonProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: JSON_MESSAGES[problem] });
  });

/** Lists from outside are bounded too. */
export const LIST_MAX = { items: 100, methods: 20, cardTokens: 3 } as const;

export const billingDataSchema = z
  .object({
    first_name: textField(50).pipe(z.string().min(1)),
    last_name: textField(50).pipe(z.string().min(1)),
    email: textField(254).pipe(z.string().min(1)),
    phone_number: textField(32).pipe(z.string().min(1)),
    apartment: textField().optional(),
    floor: textField().optional(),
    street: textField().optional(),
    building: textField().optional(),
    shipping_method: textField().optional(),
    postal_code: textField().optional(),
    city: textField().optional(),
    country: textField().optional(),
    state: textField().optional(),
    extra_description: textField(TEXT_MAX.description, { multiline: true }).optional(),
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
