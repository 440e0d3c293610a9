import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { newIframePublicId } from "../iframes/iframes.service.ts";
import type { DemoCredentials } from "./generate.ts";

/**
 * Demo iframes (docs/settings.md "Iframes"): the first Egyptian merchant (merchant.egypt) has three, well under
 * the limit of 10, so the journeys can add, duplicate and delete their own and the list shows real examples: a
 * banner with a script, a bilingual notice, and a plain one without JavaScript.
 */
const IFRAMES = [
  {
    name: "Ramadan offers banner",
    description: "Shown above the shop's product list during Ramadan.",
    html: '<div class="banner"><h1>Ramadan offers</h1><p id="countdown">Offers end soon</p></div>',
    javascript:
      'const end = new Date(Date.now() + 3 * 86400000);\ndocument.getElementById("countdown").textContent = "Offers end on " + end.toDateString();',
    css: ".banner { font-family: sans-serif; background: #0b5394; color: #fff; padding: 16px; border-radius: 8px; }",
  },
  {
    name: "Delivery notice",
    description: "Delivery times in English and Arabic.",
    html: '<p>Delivery within 2 working days in Cairo and Giza.</p><p dir="rtl" lang="ar">التوصيل خلال يومي عمل في القاهرة والجيزة.</p>',
    javascript: "",
    css: "p { font-family: sans-serif; margin: 8px 0; }",
  },
  {
    name: "Contact card",
    description: null,
    html: '<address>Fayoum Crafts, 12 Nile Street, Cairo<br><span id="hours"></span></address>',
    javascript: 'document.getElementById("hours").textContent = "Open daily 10:00 to 22:00";',
    css: "address { font-style: normal; font-family: sans-serif; }",
  },
];

export async function seedDemoIframes(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  now: Date,
): Promise<number> {
  const merchant = credentials.merchants.find((m) => m.country === "EGY");
  if (!merchant) return 0;
  for (const [index, iframe] of IFRAMES.entries()) {
    // A day apart, oldest first, so the list's newest-first order is the order above reversed.
    const at = new Date(now.getTime() - (IFRAMES.length - index) * 86_400_000);
    await db
      .insertInto("iframes")
      .values({
        ...iframe,
        merchant_id: merchant.merchant_id,
        public_id: newIframePublicId(),
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return IFRAMES.length;
}
