import { TEXT_MAX } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PaymentError } from "../payments/errors.ts";
import {
  createIntention,
  intentionByPublicKey,
  intentionObject,
  updateIntention,
} from "../payments/intentions.service.ts";
import { apiRoute, authenticateMerchant } from "./caller.ts";
import {
  amountField,
  billingDataSchema,
  idField,
  jsonObjectField,
  LIST_MAX,
  normalizeBilling,
  positiveIntField,
  textField,
  tokenField,
  urlField,
} from "./fields.ts";
import { bothSlashes, hiddenTwin } from "./http.ts";
import { intentionSchema, providerErrorSchema } from "./schemas.ts";

const TAGS = ["public API: Intention"];
const PUBLIC = { public: true } as const;

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
};

/** The Intention API: create (POST /v1/intention/), update (PUT) and the element read. */
export const intentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const rt = app.payments;

  for (const [i, url] of bothSlashes("/v1/intention/").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Create a payment intention",
        description:
          "Authorization: Token <secret key>. The amount must equal the sum of the items' amounts.",
        body: createBody,
        response: { 201: intentionSchema, ...errors },
      },
      config: apiRoute("can create orders"),
    };
    app.post(url, i === 0 ? options : hiddenTwin(options), async (request, reply) => {
      // The key's lookup also reads the integrations the request names (one query for both).
      const caller = await authenticateMerchant(rt.db, request, rt.now(), request.body.payment_methods);
      const b = request.body;
      const { intention, clientSecret, methods, order } = await createIntention(rt, caller, {
        ...b,
        billing_data: normalizeBilling(b.billing_data),
      });
      return reply
        .code(201)
        .send(await intentionObject(rt, rt.db, intention, clientSecret, { methods, order }));
    });
  }

  for (const [i, url] of bothSlashes("/v1/intention/:client_secret").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Update a payment intention that is not paid yet",
        params: z.object({ client_secret: tokenField() }),
        body: updateBody,
        response: { 200: intentionSchema, ...errors },
      },
      config: apiRoute("can create orders"),
    };
    app.put(url, i === 0 ? options : hiddenTwin(options), async (request) => {
      const caller = await authenticateMerchant(rt.db, request, rt.now());
      const b = request.body;
      const updated = await updateIntention(rt, caller, request.params.client_secret, {
        ...b,
        billing_data: b.billing_data ? normalizeBilling(b.billing_data) : undefined,
      });
      return intentionObject(rt, rt.db, updated, request.params.client_secret);
    });
  }

  for (const [i, url] of bothSlashes("/v1/intention/element/:public_key/:client_secret/").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Read an intention with the public key and its client secret (what the checkout reads)",
        params: z.object({ public_key: tokenField(), client_secret: tokenField() }),
        response: { 200: intentionSchema, 404: providerErrorSchema },
      },
      config: PUBLIC,
    };
    app.get(url, i === 0 ? options : hiddenTwin(options), async (request) => {
      const { public_key, client_secret } = request.params;
      const intention = await intentionByPublicKey(rt, public_key, client_secret);
      if (!intention) throw new PaymentError(404, { detail: "Not found." });
      return intentionObject(rt, rt.db, intention, client_secret);
    });
  }
};
