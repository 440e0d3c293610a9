import { crc32, deflateSync } from "node:zlib";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { storeImage } from "../images/images.service.ts";
import { insertProduct } from "../selling/products.repository.ts";
import { newPublicId } from "../selling/products.service.ts";
import type { DemoCredentials } from "./generate.ts";

/**
 * Demo products (docs/selling.md "Products"): the first Egyptian merchant gets a few products in each mode, sold
 * through its card integrations in EGP: one sold out, one with an image, one a customer may buy several of.
 */

interface DemoProduct {
  name: string;
  description: string;
  price_cents: number;
  inventory: number;
  delivery_needed: boolean;
  allow_quantity_edit: boolean;
  merchant_product_id: string | null;
  image?: boolean;
}

const PRODUCTS: DemoProduct[] = [
  {
    name: "Handmade ceramic mug",
    description: "Stoneware mug glazed by hand in Fayoum, 350 ml.",
    price_cents: 35_000,
    inventory: 24,
    delivery_needed: true,
    allow_quantity_edit: true,
    merchant_product_id: "MUG-001",
    image: true,
  },
  {
    name: "Cotton tote bag",
    description: "Egyptian cotton, printed on both sides.",
    price_cents: 18_000,
    inventory: 0,
    delivery_needed: true,
    allow_quantity_edit: true,
    merchant_product_id: "TOTE-002",
  },
  {
    name: "Leather notebook",
    description: "A5, 120 pages, stitched binding.",
    price_cents: 42_500,
    inventory: 3,
    delivery_needed: true,
    allow_quantity_edit: true,
    merchant_product_id: "NOTE-003",
  },
  {
    name: "Online cooking class",
    description: "Two hours, live, one seat per purchase.",
    price_cents: 90_000,
    inventory: 40,
    delivery_needed: false,
    allow_quantity_edit: false,
    merchant_product_id: null,
  },
];

/** A small PNG (a mug-coloured disc on a light background), made here so the demo needs no file. */
export function demoPng(size = 96): Uint8Array {
  const row = 1 + size * 3;
  const raw = Buffer.alloc(row * size);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < size; x++) {
      const inside = (x - c) ** 2 + (y - c) ** 2 < (size * 0.38) ** 2;
      const o = y * row + 1 + x * 3;
      raw[o] = inside ? 0x1f : 0xf1;
      raw[o + 1] = inside ? 0x6f : 0xf3;
      raw[o + 2] = inside ? 0x8b : 0xf5;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Seeds the demo products; answers how many were made. */
export async function seedDemoProducts(
  db: Kysely<DB>,
  credentials: DemoCredentials,
  now: Date,
): Promise<number> {
  const merchant = credentials.merchants.find((m) => m.country === "EGY");
  if (!merchant) return 0;
  let made = 0;
  for (const isLive of [false, true]) {
    const methods = merchant.integrations.filter(
      (i) => i.currency === "EGP" && i.is_live === isLive && ["VPC", "CARDS"].includes(i.gateway_type),
    );
    if (methods.length === 0) continue;
    for (const [index, p] of PRODUCTS.entries()) {
      const image = p.image
        ? await storeImage(
            db,
            merchant.merchant_id,
            { bytes: demoPng(), name: "mug.png", contentType: "image/png" },
            "product",
          )
        : null;
      await insertProduct(db, {
        public_id: newPublicId(),
        merchant_id: merchant.merchant_id,
        is_live: isLive,
        name: p.name,
        description: p.description,
        price_cents: p.price_cents,
        currency: "EGP",
        inventory: p.inventory,
        delivery_needed: p.delivery_needed,
        allow_quantity_edit: p.allow_quantity_edit,
        merchant_product_id: p.merchant_product_id,
        integration_ids: methods.map((m) => m.id),
        image_id: image?.id ?? null,
        created_by: "demo",
        // Newest first in the list: the mug on top.
        created_at: new Date(now.getTime() - (index + 1) * 3_600_000),
      });
      made++;
    }
  }
  return made;
}
