import { customerLinkApi, paymentLinksApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { tooManyRequests } from "../http/errors.ts";
import {
  cancelDashboardLink,
  createDashboardLink,
  customerLink,
  dashboardLinkDetails,
  disableDashboardLink,
  linkOptions,
  listDashboardLinks,
} from "../payments/links.service.ts";
import { hitRateLimit } from "../ratelimit/rate-limit.repository.ts";

/** Customer page reads per minute on one token (as the checkout's reads; CHECKOUT_RATE_LIMIT overrides it). */
const PAGE_READS_PER_MINUTE = Number(process.env.CHECKOUT_RATE_LIMIT ?? 120);

/**
 * The dashboard's payment links and the customer page's data (contracts: packages/domain/src/api/payment-links.ts).
 * The service is the public API's (payments/links.service.ts): one implementation of quick links.
 */
export async function paymentLinkRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;

  implement(app, paymentLinksApi.list, async (request) =>
    listDashboardLinks(rt, requireMerchantId(request), request.query),
  );

  implement(app, paymentLinksApi.options, async (request) =>
    linkOptions(rt, requireMerchantId(request), request.query.is_live),
  );

  implement(app, paymentLinksApi.details, async (request) =>
    dashboardLinkDetails(rt, requireMerchantId(request), request.params.id),
  );

  implement(app, paymentLinksApi.create, async (request, reply) => {
    const user = requireUser(request);
    const link = await createDashboardLink(rt, requireMerchantId(request), user.username, request.body);
    return reply.code(201).send(link);
  });

  implement(app, paymentLinksApi.cancel, async (request) =>
    cancelDashboardLink(rt, requireMerchantId(request), request.params.id),
  );

  implement(app, paymentLinksApi.disable, async (request) =>
    disableDashboardLink(rt, requireMerchantId(request), request.params.id),
  );

  implement(app, customerLinkApi.show, async (request) => {
    const token = request.params.token;
    const hit = await hitRateLimit(rt.db, `checkout:link:${token}`, {
      limit: PAGE_READS_PER_MINUTE,
      windowSeconds: 60,
    });
    if (!hit.allowed)
      throw tooManyRequests(Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 1000)));
    return customerLink(rt, token);
  });
}
