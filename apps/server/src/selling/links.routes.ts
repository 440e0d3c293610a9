import { customerLinkApi, paymentLinksApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import {
  cancelDashboardLink,
  createDashboardLink,
  customerLink,
  dashboardLinkDetails,
  disableDashboardLink,
  linkOptions,
  listDashboardLinks,
} from "../payments/links.service.ts";

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

  implement(app, customerLinkApi.show, async (request) => customerLink(rt, request.params.token));
}
