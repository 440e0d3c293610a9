import {
  arrangeMethods,
  type CheckoutCustomization,
  type CheckoutCustomizationCode,
  type CheckoutLook,
  type CheckoutMethodSetting,
  type checkoutCustomizationInputSchema,
  checkoutCustomizationMessage,
  contrastProblems,
  DEFAULT_CHECKOUT_COLOURS,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { imageUrl } from "../images/images.service.ts";
import {
  findCustomization,
  isOwnImage,
  merchantBrand,
  merchantIntegrations,
  upsertCustomization,
} from "./checkout-customization.repository.ts";

export type Lang = "en" | "ar";
type SaveInput = z.output<typeof checkoutCustomizationInputSchema>;

/** Arabic when the Accept-Language header's first choice is Arabic, else English. */
export function languageOf(header: string | string[] | undefined): Lang {
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("ar") ? "ar" : "en";
}

/** The dashboard's view: the saved customization (or the defaults) and every integration in the checkout's order. */
export async function customizationOf(db: Kysely<DB>, merchantId: number): Promise<CheckoutCustomization> {
  const [row, brand, integrations] = await Promise.all([
    findCustomization(db, merchantId),
    merchantBrand(db, merchantId),
    merchantIntegrations(db, merchantId),
  ]);
  const settings = row?.methods ?? [];
  const hidden = new Set(settings.filter((s) => !s.visible).map((s) => s.integration_id));
  // Every integration, hidden ones included (arrangeMethods would drop them): ordered by the saved places.
  const place = new Map(settings.map((s, i) => [s.integration_id, i]));
  const ordered = integrations
    .map((m, i) => ({ m, i }))
    .sort(
      (a, b) => (place.get(a.m.id) ?? settings.length) - (place.get(b.m.id) ?? settings.length) || a.i - b.i,
    )
    .map((x) => x.m);
  const companyLogo = brand?.logo_url ?? null;
  return {
    primary_color: row?.primary_color ?? DEFAULT_CHECKOUT_COLOURS.primary_color,
    background_color: row?.background_color ?? DEFAULT_CHECKOUT_COLOURS.background_color,
    text_color: row?.text_color ?? DEFAULT_CHECKOUT_COLOURS.text_color,
    button_text_color: row?.button_text_color ?? DEFAULT_CHECKOUT_COLOURS.button_text_color,
    logo_image_id: row?.logo_image_id ?? null,
    logo_url: row?.logo_image_id ? imageUrl(row.logo_image_id) : companyLogo,
    company_logo_url: companyLogo,
    company_name: brand?.company_name ?? "",
    methods: ordered.map((m) => ({
      integration_id: m.id,
      name: m.name,
      gateway_type: m.gateway_type,
      is_live: m.is_live,
      visible: !hidden.has(m.id),
    })),
    post_payment_text: row?.post_payment_text ?? null,
    redirect_url: row?.redirect_url ?? null,
    saved: row !== undefined,
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}

/**
 * Checks and saves the merchant's customization; nothing is written when anything is refused. Refusals are 400
 * with the first problem's code and detail (in the caller's language) and every problem under its field.
 */
export async function saveCustomization(
  db: Kysely<DB>,
  merchantId: number,
  userId: number | null,
  input: SaveInput,
  lang: Lang,
): Promise<CheckoutCustomization> {
  const problems: { field: string; code: CheckoutCustomizationCode; ratio?: number }[] = [];
  for (const p of contrastProblems(input)) problems.push({ field: p.field, code: p.code, ratio: p.ratio });

  const own = new Set((await merchantIntegrations(db, merchantId)).map((i) => i.id));
  const seen = new Set<number>();
  for (const m of input.methods) {
    if (!own.has(m.integration_id)) {
      problems.push({ field: "methods", code: "unknown_method" });
      break;
    }
    if (seen.has(m.integration_id)) {
      problems.push({ field: "methods", code: "duplicate_method" });
      break;
    }
    seen.add(m.integration_id);
  }
  // Hiding every integration the merchant has would leave customers without a way to pay.
  const hiddenAll =
    own.size > 0 && [...own].every((id) => input.methods.some((m) => m.integration_id === id && !m.visible));
  if (hiddenAll) problems.push({ field: "methods", code: "no_visible_method" });

  if (input.logo_image_id !== null && !(await isOwnImage(db, merchantId, input.logo_image_id)))
    problems.push({ field: "logo_image_id", code: "logo_not_yours" });

  if (problems.length > 0) {
    const fields: Record<string, string[]> = {};
    for (const p of problems) {
      const list = fields[p.field] ?? [];
      list.push(checkoutCustomizationMessage(lang, p.code, p.ratio));
      fields[p.field] = list;
    }
    const first = problems[0]!;
    throw new HttpError(400, first.code, checkoutCustomizationMessage(lang, first.code, first.ratio), fields);
  }

  await upsertCustomization(db, merchantId, userId, {
    primary_color: input.primary_color,
    background_color: input.background_color,
    text_color: input.text_color,
    button_text_color: input.button_text_color,
    logo_image_id: input.logo_image_id,
    methods: input.methods.map((m) => ({ integration_id: m.integration_id, visible: m.visible })),
    post_payment_text: input.post_payment_text,
    redirect_url: input.redirect_url,
  });
  return customizationOf(db, merchantId);
}

/** What the hosted checkout applies for a merchant: its look, its logo and its methods' places (null: none saved). */
export interface CheckoutBranding {
  look: CheckoutLook;
  logo_url: string | null;
  methods: CheckoutMethodSetting[];
}

export async function checkoutBrandingOf(
  db: Kysely<DB>,
  merchantId: number,
): Promise<CheckoutBranding | null> {
  const row = await findCustomization(db, merchantId);
  if (!row) return null;
  return {
    look: {
      primary_color: row.primary_color,
      background_color: row.background_color,
      text_color: row.text_color,
      button_text_color: row.button_text_color,
      post_payment_text: row.post_payment_text,
      redirect_url: row.redirect_url,
    },
    logo_url: row.logo_image_id ? imageUrl(row.logo_image_id) : null,
    methods: row.methods,
  };
}

/** A checkout answer's merchant, methods and look with the merchant's customization applied. */
export function applyBranding<M extends { integration_id: number }>(
  branding: CheckoutBranding | null,
  merchant: { name: string; logo_url: string | null },
  methods: M[],
): { merchant: { name: string; logo_url: string | null }; methods: M[]; look: CheckoutLook | null } {
  if (!branding) return { merchant, methods, look: null };
  return {
    merchant: { name: merchant.name, logo_url: branding.logo_url ?? merchant.logo_url },
    methods: arrangeMethods(methods, branding.methods),
    look: branding.look,
  };
}
