import { intentionApi } from "@portal/domain";
import { normalizeBilling } from "@portal/domain/api/provider-fields";
import type { FastifyPluginAsync } from "fastify";
import { implement } from "../http/contract-routes.ts";
import { PaymentError } from "../payments/errors.ts";
import {
  createIntention,
  intentionByPublicKey,
  intentionObject,
  updateIntention,
} from "../payments/intentions.service.ts";
import { authenticateMerchant } from "./caller.ts";

/** The Intention API: create (POST /v1/intention/), update (PUT) and the element read. */
export const intentionRoutes: FastifyPluginAsync = async (app) => {
  const rt = app.payments;

  implement(app, intentionApi.create, async (request, reply) => {
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

  implement(app, intentionApi.update, async (request) => {
    const caller = await authenticateMerchant(rt.db, request, rt.now());
    const b = request.body;
    const updated = await updateIntention(rt, caller, request.params.client_secret, {
      ...b,
      billing_data: b.billing_data ? normalizeBilling(b.billing_data) : undefined,
    });
    return intentionObject(rt, rt.db, updated, request.params.client_secret);
  });

  implement(app, intentionApi.element, async (request) => {
    const { public_key, client_secret } = request.params;
    const intention = await intentionByPublicKey(rt, public_key, client_secret);
    if (!intention) throw new PaymentError(404, { detail: "Not found." });
    return intentionObject(rt, rt.db, intention, client_secret);
  });
};
