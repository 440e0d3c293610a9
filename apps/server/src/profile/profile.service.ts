import {
  type BrandingBody,
  brandingProblems,
  type CompanyBody,
  companyProblems,
  IMAGE_MAX_BYTES,
  type MerchantProfile,
  normalizePhone,
  PROFILE_ERRORS,
  PROFILE_LIMITS,
  PROFILE_PROBLEMS,
  type ProfileProblem,
  type SectorIndustries,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { AuthUser } from "../auth/auth.hook.ts";
import { authError } from "../auth/auth.hook.ts";
import { sniffEvidenceType } from "../chargebacks/evidence.ts";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { imageUrl } from "../images/images.service.ts";
import { SECTORS } from "../onboarding/sectors.ts";
import {
  findMerchantImage,
  insertContract,
  readMerchantProfile,
  readUserContact,
  setLogo,
  setNotificationEmails,
  updateBranding,
  updateCompany,
} from "./profile.repository.ts";

/** Profile and Settings (docs/settings.md): who may read and change it, its rules, and the answer. */

/** The merchant of a Merchant or MerchantStaff caller; 403 for everyone else (terminals, banks, partners). */
export function profileReader(user: AuthUser): number {
  if (
    (user.profile_type !== "Merchant" && user.profile_type !== "MerchantStaff") ||
    user.merchant_id === null
  )
    throw authError(403, "forbidden");
  return user.merchant_id;
}

/** The merchant of its owner; staff read the profile but do not change it. */
export function profileOwner(user: AuthUser): number {
  const merchantId = profileReader(user);
  if (user.profile_type !== "Merchant") throw new HttpError(403, "not_owner", PROFILE_ERRORS.not_owner);
  return merchantId;
}

const SECTOR_INDUSTRIES: SectorIndustries = new Map(
  SECTORS.map((s) => [s.id, new Set(s.industries.map((i) => i.id))]),
);

/** 400 with each field's problem code in `fields` and the first problem's English text as the detail. */
function refuse(problems: Record<string, ProfileProblem | undefined>): never {
  const entries = Object.entries(problems).filter((e): e is [string, ProfileProblem] => e[1] !== undefined);
  throw new HttpError(
    400,
    "validation",
    PROFILE_PROBLEMS[entries[0]![1]],
    Object.fromEntries(entries.map(([field, code]) => [field, [code]])),
  );
}

const text = (v: unknown) => (typeof v === "string" ? v : "");
const id = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);

export async function merchantProfile(db: Kysely<DB>, user: AuthUser): Promise<MerchantProfile> {
  const merchantId = profileReader(user);
  const [{ merchant, integrations, live, contract }, contact] = await Promise.all([
    readMerchantProfile(db, merchantId),
    readUserContact(db, user.id),
  ]);
  const info = merchant.business_information as Record<string, unknown>;
  const business = info.business;
  return {
    merchant_id: merchant.id,
    username: contact.username,
    user_email: contact.email ?? "",
    profile_type: user.profile_type === "Merchant" ? "Merchant" : "MerchantStaff",
    can_edit: user.profile_type === "Merchant",
    company_name: merchant.company_name,
    country: merchant.country,
    phones: merchant.phones,
    emails: merchant.emails,
    logo_url: merchant.logo_url,
    status: integrations === 0 ? "no_integrations" : live ? "live" : "test",
    created_at: new Date(merchant.created_at).toISOString(),
    notification_emails: merchant.notification_emails,
    branding: {
      brand_name: text(info.brand_name),
      business_description: text(info.business_description),
      account_type: business === 0 || business === 1 ? business : null,
      sector: id(info.sector),
      industry: id(info.industry),
      website_url: text(info.website_url),
      facebook_url: text(info.facebook_url),
      instagram_url: text(info.instagram_url),
      whatsapp_number: text(info.whatsapp_number),
    },
    contract: contract
      ? {
          document_id: contract.id,
          file_name: contract.file_name,
          content_type: contract.content_type,
          size_bytes: contract.size_bytes,
          submitted_at: new Date(contract.created_at).toISOString(),
        }
      : null,
  };
}

/** Checks the company info; the password is confirmed by the caller before this writes. */
export function checkCompany(body: CompanyBody) {
  const problems = companyProblems(body);
  if (Object.keys(problems).length > 0) refuse(problems);
  return {
    company_name: body.company_name.trim(),
    phones: body.phones.map(normalizePhone),
    emails: body.emails.map((e) => e.trim()),
  };
}

export async function saveCompany(
  db: Kysely<DB>,
  merchantId: number,
  value: ReturnType<typeof checkCompany>,
) {
  await updateCompany(db, merchantId, value);
}

export async function saveBranding(db: Kysely<DB>, merchantId: number, body: BrandingBody): Promise<void> {
  const problems = brandingProblems(body, SECTOR_INDUSTRIES);
  if (Object.keys(problems).length > 0) refuse(problems);
  await updateBranding(db, merchantId, {
    business: body.account_type,
    brand_name: body.brand_name.trim(),
    business_description: (body.business_description ?? "").trim(),
    sector: body.sector,
    industry: body.industry,
    website_url: (body.website_url ?? "").trim(),
    facebook_url: (body.facebook_url ?? "").trim(),
    instagram_url: (body.instagram_url ?? "").trim(),
    whatsapp_number: normalizePhone(body.whatsapp_number ?? ""),
  });
}

/** Uses one of the merchant's own uploaded images (checked by content when uploaded) as its logo. */
export async function saveLogo(db: Kysely<DB>, merchantId: number, imageId: string): Promise<void> {
  const image = await findMerchantImage(db, merchantId, imageId);
  if (!image) throw new HttpError(400, "logo_not_found", PROFILE_ERRORS.logo_not_found);
  if (image.size_bytes > IMAGE_MAX_BYTES.logo)
    throw new HttpError(400, "logo_too_large", PROFILE_ERRORS.logo_too_large);
  await setLogo(db, merchantId, imageUrl(image.id));
}

export async function saveNotifications(db: Kysely<DB>, merchantId: number, enabled: boolean): Promise<void> {
  await setNotificationEmails(db, merchantId, enabled);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to drop control characters from a name
const NAME_UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** Checks the contract file by its content (PDF, PNG or JPEG), within 4 MB, and stores it. */
export async function saveContract(
  db: Kysely<DB>,
  merchantId: number,
  userId: number,
  file: { name: string; content_base64: string },
): Promise<void> {
  const bytes = Buffer.from(file.content_base64, "base64");
  const fail = (status: number, code: keyof typeof PROFILE_ERRORS) =>
    new HttpError(status, code, PROFILE_ERRORS[code], { file: [code] });
  if (bytes.byteLength === 0) throw fail(400, "contract_empty");
  if (bytes.byteLength > PROFILE_LIMITS.contract_bytes) throw fail(413, "contract_too_large");
  const contentType = sniffEvidenceType(bytes);
  if (!contentType) throw fail(400, "contract_type");
  const name = file.name.replace(NAME_UNSAFE, "_").trim().slice(0, 200) || "contract";
  await insertContract(db, merchantId, userId, { name, contentType, bytes });
}
