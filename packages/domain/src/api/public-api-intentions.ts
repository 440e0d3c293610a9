import { z } from "zod";
import { route } from "../contract.ts";
import { TEXT_MAX } from "../text-input.ts";
import {
  amountField,
  billingDataSchema,
  idField,
  jsonObjectField,
  LIST_MAX,
  positiveIntField,
  textField,
  tokenField,
  urlField,
} from "./provider-fields.ts";
import { PROVIDER_PUBLIC, providerErrorSchema } from "./public-api.ts";

/** The provider's Intention API (public-api.ts says what the public API's contracts share). */

export const intentionSchema = z
  .looseObject({
    id: z.string(),
    client_secret: z.string(),
    intention_order_id: z.number(),
    payment_keys: z.array(z.looseObject({ integration: z.number(), key: z.string() })),
    status: z.string(),
  })
  .describe("The provider's payment intention.");

const TAGS = ["public API: Intention"] as const;

const itemSchema = z.looseObject({
  name: textField().pipe(z.string().min(1).max(50)),
  amount: amountField(),
  description: textField(TEXT_MAX.description, { multiline: true }).optional(),
  quantity: positiveIntField().optional(),
  image: urlField().nullable(),
});

const methodRef = z.union([idField(), textField().pipe(z.string().min(1))]);
const methodList = z.array(methodRef).max(LIST_MAX.methods);
const itemList = z.array(itemSchema).max(LIST_MAX.items);

const createBody = z.looseObject({
  amount: amountField(),
  currency: tokenField(),
  payment_methods: methodList,
  items: itemList.optional(),
  billing_data: billingDataSchema,
  customer: jsonObjectField().optional(),
  extras: jsonObjectField().optional(),
  special_reference: textField(TEXT_MAX.reference).optional(),
  expiration: positiveIntField().optional(),
  notification_url: urlField(),
  redirection_url: urlField(),
  card_tokens: z.array(tokenField()).max(LIST_MAX.cardTokens).optional(),
});

const updateBody = z.looseObject({
  accept_order_id: idField(),
  amount: amountField().optional(),
  payment_methods: methodList.optional(),
  items: itemList.optional(),
  billing_data: billingDataSchema.optional(),
  extras: jsonObjectField().optional(),
  special_reference: textField(TEXT_MAX.reference).optional(),
  expiration: positiveIntField().optional(),
  notification_url: urlField(),
  redirection_url: urlField(),
});

const errors = {
  400: providerErrorSchema,
  401: providerErrorSchema,
  404: providerErrorSchema,
  406: providerErrorSchema,
} as const;

/** Create (POST /v1/intention/), update (PUT) and the element read. */
export const intentionApi = {
  create: route({
    method: "POST",
    path: "/v1/intention/",
    access: PROVIDER_PUBLIC,
    apiPermission: "can create orders",
    tags: TAGS,
    trailingSlash: true,
    summary: "Create a payment intention",
    description: "Authorization: Token <secret key>. The amount must equal the sum of the items' amounts.",
    body: createBody,
    answers: { 201: intentionSchema, ...errors },
  }),
  update: route({
    method: "PUT",
    path: "/v1/intention/:client_secret",
    access: PROVIDER_PUBLIC,
    apiPermission: "can create orders",
    tags: TAGS,
    trailingSlash: true,
    summary: "Update a payment intention that is not paid yet",
    params: z.object({ client_secret: tokenField() }),
    body: updateBody,
    answers: { 200: intentionSchema, ...errors },
  }),
  element: route({
    method: "GET",
    path: "/v1/intention/element/:public_key/:client_secret/",
    access: PROVIDER_PUBLIC,
    tags: TAGS,
    trailingSlash: true,
    summary: "Read an intention with the public key and its client secret (what the checkout reads)",
    params: z.object({ public_key: tokenField(), client_secret: tokenField() }),
    answers: { 200: intentionSchema, 404: providerErrorSchema },
  }),
} as const;
