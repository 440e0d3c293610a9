import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";
import type { Country } from "../countries.ts";
import { normalizeDigits } from "../digits.ts";
import { passwordProblems } from "../passwords.ts";
import { statesOf } from "../places.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";
import { hasHtmlTags, isEmail, isFullName, isPhone, VALIDATION_MESSAGES } from "../validation.ts";

/**
 * Registration and growth (merchant-dashboard.md section 2 "Routes"; issue 16 items 1 and 2; docs/onboarding.md
 * "Registration and growth"). A stranger registers at /{lang}/register (none for Pakistan; the UAE form also
 * asks for the emirate), gets an e-mail with a confirmation link to /{lang}/register/success?token=..., and
 * signs in once the address is confirmed. The new merchant has test integrations and keys at once. A merchant's
 * referral link /{lang}/growth/signup?code=... registers a merchant recorded as brought by it; /growth/referring
 * lists them.
 */

/** The spec's messages and the portal's own where the spec is silent (English; clients translate by code). */
export const REGISTRATION_MESSAGES = {
  required: VALIDATION_MESSAGES.required,
  fullName: VALIDATION_MESSAGES.invalid_full_name,
  email: VALIDATION_MESSAGES.invalid_email,
  phone: VALIDATION_MESSAGES.invalid_phone,
  htmlTags: VALIDATION_MESSAGES.html_tags,
  /** The spec's text for a taken e-mail. */
  emailRegistered: "This email seems to be already registered.",
  phoneRegistered: "This phone number seems to be already registered.",
  weakPassword:
    "The password must have at least 8 characters with a lowercase letter, an uppercase letter, a digit and a special character.",
  passwordMismatch: "The two passwords do not match.",
  companyTooLong: "Please enter at most 100 characters.",
  emirate: "Please choose your emirate.",
  unknownCode: "This referral code is not known. Check the link you were given.",
  notOffered: "Registration is not available in this country.",
  registered: "Your account was created. We sent you an e-mail with a link to confirm your address.",
  confirmed: "Your e-mail address is confirmed. You can sign in now.",
  linkExpired: "This confirmation link has expired. Ask for a new one below.",
  linkUsed: "This confirmation link has already been used. Sign in with your password.",
  linkInvalid: "This confirmation link is not valid.",
  resent: "If this address has an account waiting for confirmation, a new link is on its way.",
  /** The spec's text for a registration that got no answer (the web app's own, never the server's). */
  networkError: "Oops,Network Error ,Please Try Again",
} as const;

/** How long a confirmation link works (our choice: 3 days, long enough for a weekend). */
export const CONFIRMATION_DAYS = 3;
export const COMPANY_NAME_MAX = 100;

/** The countries with a register page: every one but Pakistan (spec section 2). */
export function registrationOffered(country: Country): boolean {
  return country !== "PAK";
}

/** The UAE form asks for the emirate as well (our reading of "the register page differs for ARE"). */
export function asksEmirate(country: Country): boolean {
  return country === "ARE";
}

export const registerBodySchema = z.object({
  full_name: boundedText(TEXT_MAX.name).default(""),
  company_name: boundedText(TEXT_MAX.name).default(""),
  email: boundedText(254).default(""),
  phone: boundedText(40).default(""),
  password: boundedText(256, { multiline: true }).default(""),
  confirm_password: boundedText(256, { multiline: true }).default(""),
  /** The emirate's id of the reference data (UAE only; ignored elsewhere). */
  emirate: boundedText(40).optional(),
  /** A referral code from /growth/signup?code=... */
  referral_code: boundedText(40).optional(),
  /** The language of the confirmation e-mail's link (the page opens in it). */
  lang: z.enum(["en", "ar"]).default("en"),
});
export type RegisterBody = z.input<typeof registerBodySchema>;
export type RegisterField =
  | "full_name"
  | "company_name"
  | "email"
  | "phone"
  | "password"
  | "confirm_password"
  | "emirate";

/**
 * The form's rules, shared by the page and the server: the spec's patterns (full name of two words or more in
 * Arabic or Latin letters, e-mail, phone of 8 to 15 digits with an optional + prefix), no HTML, the password
 * rules of the change-password page. Answers the English messages by field (empty: valid).
 */
export function registrationProblems(
  body: Partial<Record<RegisterField, string | undefined>>,
  country: Country,
): Partial<Record<RegisterField, string[]>> {
  const problems: Partial<Record<RegisterField, string[]>> = {};
  const add = (field: RegisterField, message: string) => {
    problems[field] = [...(problems[field] ?? []), message];
  };
  const text = (field: RegisterField) => (body[field] ?? "").trim();
  for (const field of ["full_name", "company_name", "email", "phone"] as const) {
    const value = text(field);
    if (!value) add(field, REGISTRATION_MESSAGES.required);
    else if (hasHtmlTags(value)) add(field, REGISTRATION_MESSAGES.htmlTags);
  }
  const name = text("full_name");
  if (name && !problems.full_name && !isFullName(name)) add("full_name", REGISTRATION_MESSAGES.fullName);
  const company = text("company_name");
  if (company.length > COMPANY_NAME_MAX) add("company_name", REGISTRATION_MESSAGES.companyTooLong);
  const email = text("email");
  if (email && !problems.email && !isEmail(email)) add("email", REGISTRATION_MESSAGES.email);
  const phone = text("phone");
  if (phone && !problems.phone && !isPhone(phone)) add("phone", REGISTRATION_MESSAGES.phone);
  const password = body.password ?? "";
  if (!password) add("password", REGISTRATION_MESSAGES.required);
  else if (passwordProblems(password).length > 0) add("password", REGISTRATION_MESSAGES.weakPassword);
  if (!body.confirm_password) add("confirm_password", REGISTRATION_MESSAGES.required);
  else if (password && body.confirm_password !== password)
    add("confirm_password", REGISTRATION_MESSAGES.passwordMismatch);
  if (asksEmirate(country)) {
    const emirate = text("emirate");
    if (!statesOf("ARE").some((s) => s.id === emirate)) add("emirate", REGISTRATION_MESSAGES.emirate);
  }
  return problems;
}

/** The stored forms: e-mail lower-cased, phone in ASCII digits with its + kept. */
export function normalizeRegistration(body: { email: string; phone: string }): {
  email: string;
  phone: string;
} {
  return {
    email: body.email.trim().toLowerCase(),
    phone: normalizeDigits(body.phone.trim()),
  };
}

export const registerAnswerSchema = z.object({ detail: z.string(), email: z.string() });
export const confirmBodySchema = z.object({ token: boundedText(TEXT_MAX.token).min(1) });
export const confirmAnswerSchema = z.object({ detail: z.string(), username: z.string() });
export const resendBodySchema = z.object({
  email: boundedText(254).min(1),
  lang: z.enum(["en", "ar"]).default("en"),
});
export const referralCodeParams = z.object({ code: boundedText(40).min(1) });
export const referralCodeAnswerSchema = z.object({ code: z.string(), merchant_name: z.string() });

export const referralSignupSchema = z.object({
  company_name: z.string(),
  created_at: z.string(),
  /** The new merchant confirmed its e-mail address. */
  confirmed: z.boolean(),
});
export const referringAnswerSchema = z.object({
  code: z.string(),
  /** The sign-up page's path under /portal2/{lang} with the code: the page makes the full link. */
  signup_path: z.string(),
  count: z.number(),
  confirmed_count: z.number(),
  /** The newest 50 sign-ups. */
  signups: z.array(referralSignupSchema),
});
export type ReferringAnswer = z.infer<typeof referringAnswerSchema>;

const TAGS = ["Registration"] as const;

export const registrationApi = {
  register: route({
    method: "POST",
    path: "/api/auth/register",
    access: { public: true },
    tags: TAGS,
    summary: "Register a merchant: owner, test integrations and keys; an e-mail confirms the address",
    description:
      "400 validation (fields) or unknown_referral_code; 404 where the host's country has no registration (Pakistan); 409 email_registered or phone_registered; 429 too many.",
    body: registerBodySchema,
    answers: {
      201: registerAnswerSchema,
      400: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      429: errorResponseSchema,
    },
  }),
  confirm: route({
    method: "POST",
    path: "/api/auth/register/confirm",
    access: { public: true },
    tags: TAGS,
    summary: "Confirm a registration's e-mail address with its e-mailed link (single use)",
    description: "400 link_expired, link_used or invalid_token.",
    body: confirmBodySchema,
    answers: { 200: confirmAnswerSchema, 400: errorResponseSchema, 429: errorResponseSchema },
  }),
  resend: route({
    method: "POST",
    path: "/api/auth/register/resend",
    access: { public: true },
    tags: TAGS,
    summary: "Send a new confirmation link to an address waiting for confirmation (same answer otherwise)",
    body: resendBodySchema,
    answers: { 200: z.object({ detail: z.string() }), 429: errorResponseSchema },
  }),
  referralCode: route({
    method: "GET",
    path: "/api/growth/codes/:code",
    access: { public: true },
    tags: TAGS,
    summary: "Whether a referral code is known, with the referring merchant's name",
    params: referralCodeParams,
    answers: { 200: referralCodeAnswerSchema, 404: errorResponseSchema, 429: errorResponseSchema },
  }),
  referring: route({
    method: "GET",
    path: "/api/growth/referring",
    access: { permission: null },
    tags: TAGS,
    summary: "The merchant's referral code and link, and the sign-ups it brought (newest first)",
    answers: { 200: referringAnswerSchema, 403: errorResponseSchema },
  }),
} as const;
