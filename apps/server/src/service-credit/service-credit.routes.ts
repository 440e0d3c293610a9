import { CREDIT_MESSAGES, serviceCreditApi } from "@portal/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { buyCredit, creditBalance, merchantCountry } from "./service-credit.repository.ts";

/**
 * Service-credit packs (docs/onboarding.md "Service-credit packs"): the owner of an Egyptian merchant reads the
 * balance and buys a pack. The /bulk_disbursement page sends the token of its query string as a bearer token, so
 * the ordinary sign-in token authorizes it.
 */
export const serviceCreditRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.deps.database.db;

  async function owner(request: FastifyRequest): Promise<{ merchantId: number; userId: number }> {
    const user = requireUser(request);
    if (user.profile_type !== "Merchant" || user.merchant_id === null)
      throw new HttpError(403, "forbidden", CREDIT_MESSAGES.notOwner);
    if ((await merchantCountry(db(), user.merchant_id)) !== "EGY")
      throw new HttpError(400, "not_available", CREDIT_MESSAGES.notEgypt);
    return { merchantId: user.merchant_id, userId: user.id };
  }

  implement(app, serviceCreditApi.balance, async (request) => {
    const { merchantId } = await owner(request);
    return creditBalance(db(), merchantId, new Date());
  });

  implement(app, serviceCreditApi.buy, async (request, reply) => {
    const { merchantId, userId } = await owner(request);
    const now = new Date();
    await buyCredit(db(), merchantId, userId, request.body.amount_cents, now);
    return reply.code(201).send(await creditBalance(db(), merchantId, now));
  });
};
