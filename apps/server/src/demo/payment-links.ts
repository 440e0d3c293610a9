import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { storeImage } from "../images/images.service.ts";
import { solidPng } from "../images/png.ts";
import type { DemoCredentials } from "./generate.ts";

const HOUR_MS = 3_600_000;

interface DemoLink {
  ref: string;
  description: string;
  amount: number;
  client: { full_name: string; email: string; phone_number: string };
  state: "active" | "canceled" | "expired" | "deactivated";
  /** Hours from now to the expiry (negative: past). */
  expiresIn: number;
  useLimit: number | null;
  oneClick?: boolean;
  productImage?: boolean;
}

const LINKS: DemoLink[] = [
  {
    ref: "2001",
    description: "Chocolate birthday cake, 2 kg, delivered Friday",
    amount: 85_000,
    client: { full_name: "Nour Hassan", email: "nour.hassan@example.com", phone_number: "+201001112223" },
    state: "active",
    expiresIn: 7 * 24,
    useLimit: 1,
    productImage: true,
  },
  {
    ref: "2002",
    description: "Pottery workshop seat, Saturday 11:00",
    amount: 40_000,
    client: { full_name: "", email: "", phone_number: "" },
    state: "active",
    expiresIn: 3 * 24,
    useLimit: null,
    oneClick: true,
  },
  {
    ref: "2004",
    description: "Catering deposit",
    amount: 300_000,
    client: { full_name: "Hala Mostafa", email: "hala.mostafa@example.com", phone_number: "+201227778889" },
    state: "canceled",
    expiresIn: 48,
    useLimit: 1,
  },
  {
    ref: "2005",
    description: "Framed print, A3",
    amount: 22_000,
    client: { full_name: "Youssef Amin", email: "youssef.amin@example.com", phone_number: "+201009998887" },
    state: "expired",
    expiresIn: -2,
    useLimit: 1,
  },
  {
    ref: "2006",
    description: "Gift card, 500 EGP",
    amount: 50_000,
    client: { full_name: "", email: "", phone_number: "" },
    state: "deactivated",
    expiresIn: 10 * 24,
    useLimit: 5,
  },
];

/**
 * Demo payment links (quick links) of the Egyptian demo merchant, in both modes, with its business logo: two
 * that can be paid (one with a product image, one unlimited with one-click payment), one cancelled, one expired
 * and one disabled (the history's paid quick links get the logo too), so the list, its filters, the details
 * with the QR code and each customer page state have an example. The open ones get their intention on the customer page's first visit.
 */
export async function seedDemoPaymentLinks(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  now: Date,
): Promise<number> {
  const merchant = credentials.merchants.find((m) => m.country === "EGY");
  if (!merchant) return 0;
  const logo = await storeImage(db, merchant.merchant_id, {
    bytes: solidPng(96, 96, [14, 75, 140], [242, 169, 0]),
    name: "cairo-logo.png",
  });
  const product = await storeImage(
    db,
    merchant.merchant_id,
    { bytes: solidPng(240, 160, [120, 63, 30], [250, 235, 215]), name: "cake.png" },
    "product",
  );
  let made = 0;
  for (const isLive of [false, true]) {
    const methods = merchant.integrations
      .filter(
        (i) =>
          i.currency === "EGP" && i.is_live === isLive && ["VPC", "CARDS", "CAGG"].includes(i.gateway_type),
      )
      .map((i) => i.id);
    if (methods.length === 0) continue;
    for (const [n, link] of LINKS.entries()) {
      const createdAt = new Date(now.getTime() - (n + 1) * HOUR_MS);
      const order = await db
        .insertInto("orders")
        .values({
          merchant_id: merchant.merchant_id,
          is_live: isLive,
          merchant_order_id: `PL-${isLive ? "D" : "T"}-${link.ref}`,
          amount_cents: link.amount,
          currency: "EGP",
          items: JSON.stringify([
            { name: link.description, description: "", quantity: 1, amount_cents: link.amount },
          ]),
          created_by: "demo",
          api_source: "INVOICE",
          created_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("payment_links")
        .values({
          merchant_id: merchant.merchant_id,
          kind: "link",
          is_live: isLive,
          order_id: order.id,
          merchant_invoice_id: `PL-${isLive ? "D" : "T"}-${link.ref}`,
          amount_cents: link.amount,
          currency: "EGP",
          status: link.state === "active" || link.state === "expired" ? "unpaid" : link.state,
          client: JSON.stringify(link.client),
          description: link.description,
          integration_ids: methods,
          expires_at: new Date(now.getTime() + link.expiresIn * HOUR_MS),
          is_email: Boolean(link.client.email),
          is_sms: Boolean(link.client.phone_number),
          created_by: "demo",
          created_at: createdAt,
          one_click: link.oneClick ?? false,
          logo_image_id: logo.id,
          product_image_id: link.productImage ? product.id : null,
          use_limit: link.useLimit,
          deactivated_at: link.state === "deactivated" ? new Date(createdAt.getTime() + 30 * 60_000) : null,
        })
        .execute();
      made++;
    }
  }
  // The history's paid quick links (activity.ts, paid through the payment core) show the logo too.
  const paid = await db
    .selectFrom("payment_links")
    .select("id")
    .where("merchant_id", "=", merchant.merchant_id)
    .where("kind", "=", "link")
    .where("status", "=", "paid")
    .orderBy("id", "desc")
    .limit(4)
    .execute();
  if (paid.length > 0)
    await db
      .updateTable("payment_links")
      .set({ logo_image_id: logo.id })
      .where(
        "id",
        "in",
        paid.map((r) => r.id),
      )
      .execute();
  return made;
}
