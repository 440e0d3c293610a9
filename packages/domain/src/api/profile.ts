import { z } from "zod";
import { errorResponseSchema, route, signedInErrors } from "../contract.ts";
import { normalizeDigits } from "../digits.ts";
import { hasHtmlTags, isEmail, isPhone, isWebsiteUrl } from "../validation.ts";

/**
 * The merchant's Profile and Settings (issue 18 item 1; merchant-dashboard.md sections 2, 3, 4, 5, 8, 9;
 * docs/settings.md "Profile and settings"): account info, company info, business branding, the logo, the
 * notification e-mail switch and the contract. Anyone of the merchant (owner or staff) reads it; only the owner
 * changes it. Company info and the notification switch ask for the owner's password, which counts towards the
 * same lock-out as a wrong old password (docs/auth.md "Passwords").
 */

/** Longest accepted texts (the spec gives no number; the onboarding questionnaire stores the same fields). */
export const PROFILE_LIMITS = {
  company_name: 100,
  brand_name: 100,
  business_description: 1000,
  url: 200,
  /** Phones and e-mails of the company info dialog ("add more"). */
  contacts: 5,
  /** The contract file: a PDF or an image, at most 4 MB (as the activation documents). */
  contract_bytes: 4 * 1024 * 1024,
} as const;

/** The problems a profile field can have, by code, with their English text (the dashboard translates by code). */
export const PROFILE_PROBLEMS = {
  required: "This field is required.",
  letters_only: "Only Arabic, English or Urdu letters are allowed, with no special characters.",
  too_long: "This text is too long.",
  invalid_url: "Please enter a valid website link.",
  invalid_facebook: "Please enter a valid Facebook link.",
  invalid_instagram: "Please enter a valid Instagram link.",
  invalid_whatsapp: "Please enter a valid WhatsApp number.",
  invalid_phone: "Please enter valid phone number.",
  invalid_email: "Please enter valid email.",
  too_many: "At most 5 can be added.",
  sector_first: "Please choose a sector first.",
  unknown_sector: "Please choose a sector from the list.",
  unknown_industry: "Please choose an industry of the chosen sector.",
  html_tags: "Please remove any HTML tags.",
} as const;
export type ProfileProblem = keyof typeof PROFILE_PROBLEMS;

/** Answer codes of the profile routes besides the field problems. */
export const PROFILE_ERRORS = {
  not_owner: "Only the account owner can change the profile and settings.",
  logo_not_found: "Upload the logo first.",
  logo_too_large: "Max size is 1MB.",
  contract_type: "The contract must be a PDF, PNG or JPEG file.",
  contract_too_large: "Max size is 4MB.",
  contract_empty: "Choose the contract file to upload.",
} as const;

// Letters of the Latin and Arabic scripts (Urdu is written in the Arabic script), their marks, digits (ASCII and
// Arabic-Indic, read through normalizeDigits) and spaces.
const LETTERS = /^[\p{scx=Latin}\p{scx=Arabic}\p{N}\s]*$/u;
const LETTER_OR_MARK = /[\p{L}\p{M}\p{N}\s]/u;

/** Arabic, English or Urdu letters, digits and spaces only: no special characters (spec section 5). */
export function isBrandText(value: string, extra = ""): boolean {
  const text = value.normalize("NFC");
  for (const ch of text) {
    if (extra.includes(ch)) continue;
    if (!LETTER_OR_MARK.test(ch) || !LETTERS.test(ch)) return false;
  }
  return true;
}

const FACEBOOK_HOSTS = new Set([
  "facebook.com",
  "www.facebook.com",
  "m.facebook.com",
  "fb.com",
  "www.fb.com",
]);
const INSTAGRAM_HOSTS = new Set(["instagram.com", "www.instagram.com"]);

function socialLink(value: string, hosts: Set<string>): boolean {
  if (!isWebsiteUrl(value)) return false;
  const text = value.trim();
  try {
    const url = new URL(text.includes("://") ? text : `https://${text}`);
    return hosts.has(url.hostname.toLowerCase()) && url.pathname.replace(/\/+$/, "").length > 1;
  } catch {
    return false;
  }
}

export const isFacebookLink = (value: string) => socialLink(value, FACEBOOK_HOSTS);
export const isInstagramLink = (value: string) => socialLink(value, INSTAGRAM_HOSTS);

/** A WhatsApp number: 8 to 15 digits with an optional leading + (the shared phone pattern). */
export function isWhatsappNumber(value: string): boolean {
  return isPhone(value.replace(/[\s-]/g, ""));
}

export const brandingBodySchema = z.object({
  brand_name: z.string().max(2000),
  business_description: z.string().max(5000).default(""),
  /** 0 Individual, 1 Corporate (spec section 6). */
  account_type: z.union([z.literal(0), z.literal(1)]),
  sector: z.number().int().nullable(),
  industry: z.number().int().nullable(),
  website_url: z.string().max(2000).default(""),
  facebook_url: z.string().max(2000).default(""),
  instagram_url: z.string().max(2000).default(""),
  whatsapp_number: z.string().max(200).default(""),
});
export type BrandingBody = z.input<typeof brandingBodySchema>;

/** Which sector ids exist and which industries each holds (the server's list, apps/server/src/onboarding). */
export type SectorIndustries = ReadonlyMap<number, ReadonlySet<number>>;

/**
 * The problems of a branding form, by field (empty when it is acceptable). Brand name required; description
 * optional; both Arabic, English or Urdu letters only, within their length; the industry needs its sector; the
 * links and the WhatsApp number optional but valid when given.
 */
export function brandingProblems(
  body: BrandingBody,
  sectors?: SectorIndustries,
): Partial<Record<keyof BrandingBody, ProfileProblem>> {
  const out: Partial<Record<keyof BrandingBody, ProfileProblem>> = {};
  const brand = body.brand_name.trim();
  if (!brand) out.brand_name = "required";
  else if (hasHtmlTags(brand)) out.brand_name = "html_tags";
  else if (!isBrandText(brand)) out.brand_name = "letters_only";
  else if ([...brand].length > PROFILE_LIMITS.brand_name) out.brand_name = "too_long";

  const description = (body.business_description ?? "").trim();
  if (description) {
    if (hasHtmlTags(description)) out.business_description = "html_tags";
    else if (!isBrandText(description, ".,'\u060C")) out.business_description = "letters_only";
    else if ([...description].length > PROFILE_LIMITS.business_description)
      out.business_description = "too_long";
  }

  if (body.industry !== null && body.sector === null) out.industry = "sector_first";
  if (sectors && body.sector !== null) {
    const industries = sectors.get(body.sector);
    if (!industries) out.sector = "unknown_sector";
    else if (body.industry !== null && !industries.has(body.industry)) out.industry = "unknown_industry";
  }

  const links = [
    ["website_url", isWebsiteUrl, "invalid_url"],
    ["facebook_url", isFacebookLink, "invalid_facebook"],
    ["instagram_url", isInstagramLink, "invalid_instagram"],
  ] as const;
  for (const [field, valid, problem] of links) {
    const value = (body[field] ?? "").trim();
    if (!value) continue;
    if (value.length > PROFILE_LIMITS.url) out[field] = "too_long";
    else if (!valid(value)) out[field] = problem;
  }
  const whatsapp = (body.whatsapp_number ?? "").trim();
  if (whatsapp && !isWhatsappNumber(whatsapp)) out.whatsapp_number = "invalid_whatsapp";
  return out;
}

export const companyBodySchema = z.object({
  company_name: z.string().max(2000),
  phones: z.array(z.string().max(200)).max(50),
  emails: z.array(z.string().max(400)).max(50),
  /** The owner's current password, confirming the change. */
  password: z.string().min(1).max(1000),
});
export type CompanyBody = z.input<typeof companyBodySchema>;

/** Problems of the company info dialog: by field, and for the lists by "phones.0", "emails.1", ... */
export function companyProblems(body: Omit<CompanyBody, "password">): Record<string, ProfileProblem> {
  const out: Record<string, ProfileProblem> = {};
  const name = body.company_name.trim();
  if (!name) out.company_name = "required";
  else if (hasHtmlTags(name)) out.company_name = "html_tags";
  else if (!isBrandText(name, "&.,'-()")) out.company_name = "letters_only";
  else if ([...name].length > PROFILE_LIMITS.company_name) out.company_name = "too_long";
  for (const [field, valid, problem] of [
    ["phones", isPhone, "invalid_phone"],
    ["emails", isEmail, "invalid_email"],
  ] as const) {
    const list = body[field];
    if (list.length === 0) out[`${field}.0`] = "required";
    if (list.length > PROFILE_LIMITS.contacts) out[field] = "too_many";
    list.forEach((value, i) => {
      if (!value.trim()) out[`${field}.${i}`] = "required";
      else if (!valid(value)) out[`${field}.${i}`] = problem;
    });
  }
  return out;
}

/** A phone as stored: ASCII digits with the optional +, spaces and dashes removed. */
export function normalizePhone(value: string): string {
  return normalizeDigits(value.trim()).replace(/[\s-]/g, "");
}

export const brandingSchema = z.object({
  brand_name: z.string(),
  business_description: z.string(),
  account_type: z.union([z.literal(0), z.literal(1)]).nullable(),
  sector: z.number().int().nullable(),
  industry: z.number().int().nullable(),
  website_url: z.string(),
  facebook_url: z.string(),
  instagram_url: z.string(),
  whatsapp_number: z.string(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const contractSchema = z.object({
  document_id: z.number().int(),
  file_name: z.string(),
  content_type: z.enum(["application/pdf", "image/png", "image/jpeg"]),
  size_bytes: z.number().int(),
  submitted_at: z.string(),
});
export type SubmittedContract = z.infer<typeof contractSchema>;

export const merchantProfileSchema = z.object({
  merchant_id: z.number().int(),
  username: z.string(),
  user_email: z.string(),
  profile_type: z.enum(["Merchant", "MerchantStaff"]),
  /** Only the owner changes the profile and settings. */
  can_edit: z.boolean(),
  company_name: z.string(),
  country: z.string(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  logo_url: z.string().nullable(),
  /** no_integrations, test (no active live integration) or live (spec section 4). */
  status: z.enum(["no_integrations", "test", "live"]),
  created_at: z.string(),
  notification_emails: z.boolean(),
  branding: brandingSchema,
  contract: contractSchema.nullable(),
});
export type MerchantProfile = z.infer<typeof merchantProfileSchema>;

export const logoBodySchema = z.object({
  /** An image the merchant uploaded through POST /api/images?purpose=logo. */
  image_id: z.string().regex(/^[0-9a-f]{32}$/),
});
export const notificationsBodySchema = z.object({
  enabled: z.boolean(),
  password: z.string().min(1).max(1000),
});
export const contractBodySchema = z.object({
  name: z.string().min(1).max(200),
  /** The file's bytes in base64 (at most 4 MB decoded). */
  content_base64: z
    .string()
    .max(Math.ceil(PROFILE_LIMITS.contract_bytes / 3) * 4 + 8)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
});

const TAGS = ["Profile and settings"] as const;
// Who may call is narrowed in the handlers: Merchant and MerchantStaff read, the Merchant (owner) writes.
const ANY = { permission: null } as const;
const WRITE_ERRORS = { 400: errorResponseSchema, ...signedInErrors } as const;

export const profileApi = {
  show: route({
    method: "GET",
    path: "/api/merchant/profile",
    access: ANY,
    tags: TAGS,
    summary: "The merchant's account info, company info, branding, notification switch and contract",
    description: "The merchant's owner and staff.",
    answers: { 200: merchantProfileSchema, ...signedInErrors },
  }),
  company: route({
    method: "PUT",
    path: "/api/merchant/profile/company",
    access: ANY,
    tags: TAGS,
    summary: "Change the company name, phones and e-mails, confirmed by the owner's password",
    description:
      "The owner only. A wrong password answers 400 wrong_old_password and counts towards the lock-out (403 account_locked).",
    body: companyBodySchema,
    answers: { 200: merchantProfileSchema, ...WRITE_ERRORS },
  }),
  branding: route({
    method: "PUT",
    path: "/api/merchant/profile/branding",
    access: ANY,
    tags: TAGS,
    summary: "Change the business branding (brand name, description, account type, sector, industry, links)",
    description: "The owner only. Field problems answer 400 with their codes in `fields`.",
    body: brandingBodySchema,
    answers: { 200: merchantProfileSchema, ...WRITE_ERRORS },
  }),
  logo: route({
    method: "PUT",
    path: "/api/merchant/profile/logo",
    access: ANY,
    tags: TAGS,
    summary: "Use an uploaded image (POST /api/images?purpose=logo: PNG or JPEG, at most 1 MB) as the logo",
    description: "The owner only; the image must be the merchant's own.",
    body: logoBodySchema,
    answers: { 200: merchantProfileSchema, ...WRITE_ERRORS },
  }),
  notifications: route({
    method: "PUT",
    path: "/api/merchant/profile/notifications",
    access: ANY,
    tags: TAGS,
    summary: "Turn the merchant's notification e-mails on or off, confirmed by the owner's password",
    description:
      "The owner only. A wrong password answers 400 wrong_old_password and counts towards the lock-out.",
    body: notificationsBodySchema,
    answers: { 200: merchantProfileSchema, ...WRITE_ERRORS },
  }),
  contract: route({
    method: "POST",
    path: "/api/merchant/profile/contract",
    access: ANY,
    tags: TAGS,
    summary: "Submit the signed contract (PDF, PNG or JPEG, checked by content, at most 4 MB)",
    description:
      "The owner only. Stored as the merchant's provider contract document, which its bank reviews; a new submission replaces the view of the earlier one.",
    body: contractBodySchema,
    answers: { 201: merchantProfileSchema, ...WRITE_ERRORS, 413: errorResponseSchema },
  }),
} as const;
