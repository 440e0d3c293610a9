import {
  PRODUCT_CURRENCIES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type ProductInput,
} from "@portal/domain/api/products";
import { safeParseAmount, toMajorString } from "@portal/domain/money";
import { hasHtmlTags } from "@portal/domain/validation";
import { isApiError } from "../../api/errors.ts";
import type { Product } from "../../api/products.api.ts";

/** The product form's values as typed (texts), before they become the contract's body. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  currency: (typeof PRODUCT_CURRENCIES)[number] | null;
  inventory: string;
  merchantProductId: string;
  integrationIds: string[];
  deliveryNeeded: boolean | null;
  allowQuantityEdit: boolean | null;
  imageId: string | null;
  imageUrl: string | null;
}

/** A field problem, a key of products.errors in the catalogues. */
export type ProductProblem =
  | "required"
  | "invalidAmount"
  | "invalidInteger"
  | "htmlTags"
  | "descriptionTooLong"
  | "selectPayment"
  | "selectCurrency"
  | "duplicateId"
  | "methodsInvalid"
  | "imageInvalid";

export type ProductField = keyof Omit<ProductFormValues, "imageUrl">;
export type ProductProblems = Partial<Record<ProductField, ProductProblem>>;

export function emptyProduct(): ProductFormValues {
  return {
    name: "",
    description: "",
    price: "",
    currency: "EGP",
    inventory: "",
    merchantProductId: "",
    integrationIds: [],
    deliveryNeeded: null,
    allowQuantityEdit: null,
    imageId: null,
    imageUrl: null,
  };
}

export function valuesOf(p: Product): ProductFormValues {
  const currency = (PRODUCT_CURRENCIES as readonly string[]).includes(p.currency)
    ? (p.currency as ProductFormValues["currency"])
    : null;
  return {
    name: p.name,
    description: p.description ?? "",
    price: currency ? toMajorString(p.price_cents, currency) : String(p.price_cents / 100),
    currency,
    inventory: String(p.inventory),
    merchantProductId: p.merchant_product_id ?? "",
    integrationIds: p.integration_ids.map(String),
    deliveryNeeded: p.delivery_needed,
    allowQuantityEdit: p.allow_quantity_edit,
    imageId: p.image_url ? (p.image_url.split("/").pop() ?? null) : null,
    imageUrl: p.image_url,
  };
}

/** The form's own checks (the spec's rules, as the server applies them), each field's first problem. */
export function checkProduct(v: ProductFormValues): ProductProblems {
  const out: ProductProblems = {};
  const name = v.name.trim();
  if (!name) out.name = "required";
  else if (hasHtmlTags(name)) out.name = "htmlTags";
  const description = v.description.trim();
  if (description.length > PRODUCT_LIMITS.description) out.description = "descriptionTooLong";
  else if (hasHtmlTags(description)) out.description = "htmlTags";
  if (!v.currency) out.currency = "required";
  if (!v.price.trim()) out.price = "required";
  else if (v.currency) {
    const parsed = safeParseAmount(v.price, v.currency);
    if (!parsed.ok || parsed.amount <= 0) out.price = "invalidAmount";
  }
  if (!v.inventory.trim()) out.inventory = "required";
  else if (!/^\d{1,7}$/.test(v.inventory.trim()) || Number(v.inventory) > PRODUCT_LIMITS.inventory)
    out.inventory = "invalidInteger";
  if (hasHtmlTags(v.merchantProductId)) out.merchantProductId = "htmlTags";
  if (v.integrationIds.length === 0) out.integrationIds = "selectPayment";
  if (v.deliveryNeeded === null) out.deliveryNeeded = "required";
  if (v.allowQuantityEdit === null) out.allowQuantityEdit = "required";
  return out;
}

/** The contract's body of checked values. */
export function productBody(v: ProductFormValues): ProductInput {
  const currency = v.currency ?? "EGP";
  const parsed = safeParseAmount(v.price, currency);
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    price_cents: parsed.ok ? parsed.amount : 0,
    currency,
    inventory: Number(v.inventory.trim()),
    merchant_product_id: v.merchantProductId.trim() || null,
    integration_ids: v.integrationIds.map(Number),
    delivery_needed: v.deliveryNeeded ?? false,
    allow_quantity_edit: v.allowQuantityEdit ?? false,
    image_id: v.imageId,
  };
}

const SERVER_FIELDS: Record<string, ProductField> = {
  name: "name",
  description: "description",
  price_cents: "price",
  currency: "currency",
  inventory: "inventory",
  merchant_product_id: "merchantProductId",
  integration_ids: "integrationIds",
  delivery_needed: "deliveryNeeded",
  allow_quantity_edit: "allowQuantityEdit",
  image_id: "imageId",
};

const SERVER_MESSAGES: Record<string, ProductProblem> = {
  [PRODUCT_MESSAGES.required]: "required",
  [PRODUCT_MESSAGES.invalidAmount]: "invalidAmount",
  [PRODUCT_MESSAGES.invalidInteger]: "invalidInteger",
  [PRODUCT_MESSAGES.htmlTags]: "htmlTags",
  [PRODUCT_MESSAGES.descriptionTooLong]: "descriptionTooLong",
  [PRODUCT_MESSAGES.selectPayment]: "selectPayment",
  [PRODUCT_MESSAGES.selectCurrency]: "selectCurrency",
  [PRODUCT_MESSAGES.duplicateId]: "duplicateId",
};

/** The server's field answers (400, or 409 for a used merchant product id) as the form's problems. */
export function serverProblems(err: unknown): ProductProblems | undefined {
  if (!isApiError(err) || err.kind !== "http" || (err.status !== 400 && err.status !== 409)) return undefined;
  const out: ProductProblems = {};
  for (const [field, messages] of Object.entries(err.fields)) {
    const key = SERVER_FIELDS[field];
    if (!key) continue;
    const known = SERVER_MESSAGES[messages[0] ?? ""];
    out[key] =
      known ??
      (key === "integrationIds" ? "methodsInvalid" : key === "imageId" ? "imageInvalid" : "required");
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
