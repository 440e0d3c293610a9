import type { LinkMethod } from "@portal/domain/api/payment-links";
import { isCurrency } from "@portal/domain/currencies";
import { safeParseAmount } from "@portal/domain/money";
import { hasHtmlTags, isEmail, isPhone } from "@portal/domain/validation";

/** The create form's values as typed (text), and the rules the server applies again (contract). */
export interface LinkFormValues {
  amount: string;
  currency: string;
  methods: LinkMethod[];
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  oneClick: boolean;
  description: string;
  /** datetime-local text (local time), or "" for the default hour. */
  expiresAt: string;
  unlimited: boolean;
  limit: string;
  logoImageId: string | null;
  productImageId: string | null;
}

export const EMPTY_LINK_FORM: LinkFormValues = {
  amount: "",
  /** Empty: the merchant's own currency (the form shows it chosen). */
  currency: "",
  methods: [],
  reference: "",
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  oneClick: false,
  description: "",
  expiresAt: "",
  unlimited: false,
  limit: "1",
  logoImageId: null,
  productImageId: null,
};

/** A problem of a field, named by its key under paymentLinks.errors. */
export type LinkProblem =
  | "required"
  | "invalidAmount"
  | "selectPayment"
  | "selectCurrency"
  | "invalidEmail"
  | "invalidPhone"
  | "htmlTags"
  | "invalidNumber"
  | "expiryPast";

export type LinkProblems = Partial<Record<keyof LinkFormValues, LinkProblem>>;

/** The body of POST /api/payment-links, or the problems of the form. */
export function linkBody(
  v: LinkFormValues,
  isLive: boolean,
  now: Date,
): { ok: true; body: import("@portal/domain").LinkCreateBody } | { ok: false; problems: LinkProblems } {
  const problems: LinkProblems = {};
  let amountCents = 0;
  if (!isCurrency(v.currency)) problems.currency = "selectCurrency";
  if (v.amount.trim() === "") problems.amount = "required";
  else if (isCurrency(v.currency)) {
    const parsed = safeParseAmount(v.amount, v.currency);
    if (!parsed.ok || parsed.amount <= 0) problems.amount = "invalidAmount";
    else amountCents = parsed.amount;
  }
  if (v.methods.length === 0) problems.methods = "selectPayment";
  if (v.email.trim() && !isEmail(v.email.trim())) problems.email = "invalidEmail";
  if (v.phone.trim() && !isPhone(v.phone.trim())) problems.phone = "invalidPhone";
  for (const key of ["reference", "firstName", "lastName", "description"] as const)
    if (hasHtmlTags(v[key])) problems[key] = "htmlTags";
  let expires: string | undefined;
  if (v.expiresAt) {
    const at = new Date(v.expiresAt);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) problems.expiresAt = "expiryPast";
    else expires = at.toISOString();
  }
  let limit: number | null = null;
  if (!v.unlimited) {
    const n = /^\d{1,6}$/.test(v.limit.trim()) ? Number(v.limit.trim()) : Number.NaN;
    if (!Number.isInteger(n) || n < 1) problems.limit = "invalidNumber";
    else limit = n;
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const text = (s: string) => (s.trim() ? s.trim() : undefined);
  return {
    ok: true,
    body: {
      is_live: isLive,
      amount_cents: amountCents,
      currency: v.currency,
      methods: v.methods,
      reference: text(v.reference),
      first_name: text(v.firstName),
      last_name: text(v.lastName),
      email: text(v.email),
      phone_number: text(v.phone),
      one_click: v.oneClick,
      description: text(v.description),
      expires_at: expires,
      use_limit: limit,
      logo_image_id: v.logoImageId ?? undefined,
      product_image_id: v.productImageId ?? undefined,
    },
  };
}

/** The form field a server field error belongs to. */
export const SERVER_FIELDS: Record<string, keyof LinkFormValues> = {
  amount_cents: "amount",
  currency: "currency",
  methods: "methods",
  reference: "reference",
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  phone_number: "phone",
  description: "description",
  expires_at: "expiresAt",
  use_limit: "limit",
  logo_image_id: "logoImageId",
  product_image_id: "productImageId",
};
