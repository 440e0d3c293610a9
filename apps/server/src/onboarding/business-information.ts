import { SECTORS } from "./sectors.ts";

/** The questionnaire as stored in merchants.business_information (spec section 3). */
export interface BusinessInformation {
  business?: 0 | 1;
  legal_papers?: boolean;
  commercial_register?: boolean;
  tax_card?: boolean;
  integration?: boolean;
  standalone?: boolean;
  social_media?: boolean;
  retail?: boolean;
  business_description?: string;
  brand_name?: string;
  sector?: number;
  industry?: number;
  address_governorate?: string;
  address_district?: string;
  address_street?: string;
  address_building?: string;
  address_floor?: string;
  website_url?: string;
  facebook_url?: string;
  instagram_url?: string;
}

const FLAGS = [
  "legal_papers",
  "commercial_register",
  "tax_card",
  "integration",
  "standalone",
  "social_media",
  "retail",
] as const;
const CHANNELS = ["integration", "standalone", "retail"] as const;
/** Text fields and their longest accepted length. */
const TEXTS = {
  brand_name: 100,
  business_description: 1000,
  address_governorate: 100,
  address_district: 100,
  address_street: 200,
} as const;
const URLS = ["website_url", "facebook_url", "instagram_url"] as const;
const NUMERIC = ["address_building", "address_floor"] as const;
/** Fields only the final submit sends; any of them makes the request the final one. */
const FINAL_FIELDS = ["brand_name", "business_description", "sector", "industry"] as const;

/** The payload's field order (spec section 3): invalid fields are listed in it. */
const FIELD_ORDER = [
  "business",
  ...FLAGS,
  "business_description",
  "brand_name",
  "sector",
  "industry",
  "address_governorate",
  "address_district",
  "address_street",
  "address_building",
  "address_floor",
  ...URLS,
];

export const INVALID_SUFFIX = "Is not a valid .";

export type ValidationResult =
  | { ok: true; value: BusinessInformation; final: boolean }
  | { ok: false; invalid: string[] };

const HTML_TAG = /<[^>]*>/;

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === "1" || value === "true") return true;
  if (value === false || value === 0 || value === "0" || value === "false") return false;
  return undefined;
}

function integerId(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

function isUrl(value: string): boolean {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * Checks a questionnaire request. Step 2 sends `business` and the channel flags (a partial save); the final
 * submit also sends the business data (brand name, description, sector, industry required). Every request needs
 * `business` and at least one channel. Unknown fields are ignored.
 */
export function validateBusinessInformation(body: Record<string, unknown>): ValidationResult {
  const invalid = new Set<string>();
  const value: BusinessInformation = {};
  const final = FINAL_FIELDS.some((f) => f in body);

  const business = flag(body.business);
  if (business === undefined) invalid.add("business");
  else value.business = business ? 1 : 0;

  for (const name of FLAGS) {
    if (!(name in body) || body[name] === null) continue;
    const v = flag(body[name]);
    if (v === undefined) invalid.add(name);
    else value[name] = v;
  }
  if (!CHANNELS.some((c) => value[c] === true)) {
    for (const c of CHANNELS) invalid.add(c);
  }

  for (const [name, max] of Object.entries(TEXTS) as [keyof typeof TEXTS, number][]) {
    const raw = body[name];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== "string" || raw.length > max || HTML_TAG.test(raw)) invalid.add(name);
    else value[name] = raw.trim();
  }
  for (const name of URLS) {
    const raw = body[name];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== "string" || raw.length > 255) invalid.add(name);
    else if (raw.trim() === "") value[name] = "";
    else if (!isUrl(raw.trim())) invalid.add(name);
    else value[name] = raw.trim();
  }
  for (const name of NUMERIC) {
    const raw = body[name];
    if (raw === undefined || raw === null || raw === "") continue;
    const text = typeof raw === "number" ? String(raw) : raw;
    if (typeof text !== "string" || !/^\d{1,6}$/.test(text.trim())) invalid.add(name);
    else value[name] = text.trim();
  }

  if ("sector" in body || final) {
    const sector = SECTORS.find((s) => s.id === integerId(body.sector));
    if (!sector) invalid.add("sector");
    else {
      value.sector = sector.id;
      const industry = sector.industries.find((i) => i.id === integerId(body.industry));
      if (!industry) invalid.add("industry");
      else value.industry = industry.id;
    }
  }

  if (final) {
    for (const name of ["brand_name", "business_description"] as const) {
      if (!value[name]) invalid.add(name);
    }
  }

  if (invalid.size > 0) return { ok: false, invalid: FIELD_ORDER.filter((f) => invalid.has(f)) };
  return { ok: true, value, final };
}

/** The 400 detail of the spec: the invalid field names followed by 'Is not a valid .'. */
export function invalidFieldsDetail(fields: string[]): string {
  return `${fields.join(", ")} ${INVALID_SUFFIX}`;
}
