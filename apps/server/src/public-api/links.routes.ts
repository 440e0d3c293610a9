import { paymentLinkApi } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { implement } from "../http/contract-routes.ts";
import { PaymentError } from "../payments/errors.ts";
import { cancelPaymentLink, createPaymentLink, linkObject } from "../payments/links.service.ts";
import { authenticateMerchant } from "./caller.ts";

/** Quick payment links: form-data (or JSON) bodies, Bearer auth token or secret key. */
export const linkRoutes: FastifyPluginAsync = async (app) => {
  const rt = app.payments;

  implement(app, paymentLinkApi.create, async (request, reply) => {
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

  implement(app, paymentLinkApi.cancel, async (request) => {
    const caller = await authenticateMerchant(rt.db, request, rt.now());
    const link = await cancelPaymentLink(rt, caller, request.body.payment_link_id);
    return linkObject(rt.db, link, null);
  });
};
