import { z } from "zod";
import { route } from "../contract.ts";
import { TEXT_MAX } from "../text-input.ts";
import {
  amountField,
  boolField,
  idField,
  LIST_MAX,
  textField,
  tokenField,
  urlField,
} from "./provider-fields.ts";
import { PROVIDER_PUBLIC, providerErrorSchema } from "./public-api.ts";

/**
 * The provider's quick payment links: form-data (or JSON) bodies, Bearer auth token or secret key (public-api.ts
 * says what the public API's contracts share).
 */

export const paymentLinkSchema = z
  .looseObject({
    id: z.number(),
    client_url: z.string().nullable(),
    state: z.string(),
    amount_cents: z.number(),
  })
  .describe("A quick payment link.");

const TAGS = ["public API: payment links"] as const;

/** payment_methods arrives as "123", "123,456", repeated form fields or a JSON list. */
const methodsField = z.preprocess(
  (v) => {
    const list = Array.isArray(v)
      ? v
      : typeof v === "string"
        ? v.split(",")
        : typeof v === "number"
          ? [v]
          : v;
    return Array.isArray(list)
      ? list.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "")
      : list;
  },
  z
    .array(z.union([z.number().int(), textField().pipe(z.string().min(1))]))
    .min(1)
    .max(LIST_MAX.methods),
);

const createBody = z.looseObject({
  amount_cents: amountField(),
  payment_methods: methodsField,
  is_live: boolField(),
  full_name: textField().optional(),
  email: textField(254).optional(),
  phone_number: textField(32).optional(),
  description: textField(TEXT_MAX.description, { multiline: true }).optional(),
  reference_id: textField(TEXT_MAX.reference).optional(),
  notification_url: urlField(),
  redirection_url: urlField(),
  expires_at: tokenField().optional(),
});

const errors = {
  400: providerErrorSchema,
  401: providerErrorSchema,
  404: providerErrorSchema,
} as const;

export const paymentLinkApi = {
  create: route({
    method: "POST",
    path: "/api/ecommerce/payment-links",
    access: PROVIDER_PUBLIC,
    apiPermission: "can create quick links",
    tags: TAGS,
    trailingSlash: true,
    summary: "Create a quick payment link",
    description: "multipart/form-data, urlencoded or JSON. client_url opens the hosted checkout.",
    body: createBody,
    answers: { 201: paymentLinkSchema, ...errors },
  }),
  cancel: route({
    method: "POST",
    path: "/api/ecommerce/payment-links/cancel",
    access: PROVIDER_PUBLIC,
    apiPermission: "can create quick links",
    tags: TAGS,
    trailingSlash: true,
    summary: "Cancel a quick payment link",
    body: z.looseObject({ payment_link_id: idField() }),
    answers: { 200: paymentLinkSchema, ...errors },
  }),
} as const;
