import { TEXT_MAX } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PaymentError } from "../payments/errors.ts";
import { cancelPaymentLink, createPaymentLink, linkObject } from "../payments/links.service.ts";
import { apiRoute, authenticateMerchant } from "./caller.ts";
import { amountField, boolField, idField, LIST_MAX, textField, tokenField, urlField } from "./fields.ts";
import { bothSlashes, hiddenTwin } from "./http.ts";
import { paymentLinkSchema, providerErrorSchema } from "./schemas.ts";

const TAGS = ["public API: payment links"];
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

/** Quick payment links: form-data (or JSON) bodies, Bearer auth token or secret key. */
export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  const rt = app.payments;

  for (const [i, url] of bothSlashes("/api/ecommerce/payment-links").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Create a quick payment link",
        description: "multipart/form-data, urlencoded or JSON. client_url opens the hosted checkout.",
        body: createBody,
        response: {
          201: paymentLinkSchema,
          400: providerErrorSchema,
          401: providerErrorSchema,
          404: providerErrorSchema,
        },
      },
      config: apiRoute("can create quick links"),
    };
    app.post(url, i === 0 ? options : hiddenTwin(options), async (request, reply) => {
      const caller = await authenticateMerchant(rt.db, request, rt.now());
      const b = request.body;
      let expiresAt: Date | undefined;
      if (b.expires_at) {
        expiresAt = new Date(b.expires_at);
        if (Number.isNaN(expiresAt.getTime()))
          throw new PaymentError(400, { expires_at: ["Datetime has wrong format."] });
      }
      const { link, clientUrl } = await createPaymentLink(rt, caller, {
        ...b,
        payment_methods: b.payment_methods,
        expires_at: expiresAt,
        created_by: "API",
      });
      return reply.code(201).send(await linkObject(rt.db, link, clientUrl));
    });
  }

  for (const [i, url] of bothSlashes("/api/ecommerce/payment-links/cancel").entries()) {
    const options = {
      schema: {
        tags: TAGS,
        summary: "Cancel a quick payment link",
        body: z.looseObject({ payment_link_id: idField() }),
        response: {
          200: paymentLinkSchema,
          400: providerErrorSchema,
          401: providerErrorSchema,
          404: providerErrorSchema,
        },
      },
      config: apiRoute("can create quick links"),
    };
    app.post(url, i === 0 ? options : hiddenTwin(options), async (request) => {
      const caller = await authenticateMerchant(rt.db, request, rt.now());
      const link = await cancelPaymentLink(rt, caller, request.body.payment_link_id);
      return linkObject(rt.db, link, null);
    });
  }
};
