import { customerRequestApi, requestToPayApi } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authError, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { tooManyRequests } from "../http/errors.ts";
import { hitRateLimit } from "../ratelimit/rate-limit.repository.ts";
import {
  cancelRequest,
  createRequest,
  customerRequest,
  editRequest,
  listRequestsOf,
  requestDetails,
  sendRequest,
  startPayment,
} from "./request-to-pay.service.ts";

/** Customer page calls per minute on one token (as the payment link page's; CHECKOUT_RATE_LIMIT overrides it). */
const PAGE_CALLS_PER_MINUTE = Number(process.env.CHECKOUT_RATE_LIMIT ?? 120);

/**
 * Whose requests: a merchant's (its owner and staff with the route's permission). A terminal sees only its own
 * payments, and requests belong to the whole merchant, so terminal users (and banks) are refused.
 */
function requestsMerchant(request: FastifyRequest): number {
  const user = requireUser(request);
  if (user.merchant_id === null || user.profile_type === "Terminal") throw authError(403, "forbidden");
  return user.merchant_id;
}

/** Request to pay (contracts: packages/domain/src/api/request-to-pay.ts; docs/pos-risk.md "Request to pay"). */
export async function requestToPayRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;

  implement(app, requestToPayApi.list, async (request) =>
    listRequestsOf(rt, requestsMerchant(request), request.query),
  );

  implement(app, requestToPayApi.details, async (request) =>
    requestDetails(rt, requestsMerchant(request), request.params.id),
  );

  implement(app, requestToPayApi.create, async (request, reply) => {
    const user = requireUser(request);
    const made = await createRequest(rt, requestsMerchant(request), user.username, request.body);
    return reply.code(201).send(made);
  });

  implement(app, requestToPayApi.edit, async (request) =>
    editRequest(rt, requestsMerchant(request), request.params.id, request.body),
  );

  implement(app, requestToPayApi.send, async (request) =>
    sendRequest(rt, requestsMerchant(request), request.params.id),
  );

  implement(app, requestToPayApi.cancel, async (request) =>
    cancelRequest(rt, requestsMerchant(request), request.params.id),
  );

  const limit = async (token: string) => {
    const hit = await hitRateLimit(rt.db, `checkout:request:${token}`, {
      limit: PAGE_CALLS_PER_MINUTE,
      windowSeconds: 60,
    });
    if (!hit.allowed)
      throw tooManyRequests(Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 1000)));
  };

  implement(app, customerRequestApi.show, async (request) => {
    await limit(request.params.token);
    return customerRequest(rt, request.params.token);
  });

  implement(app, customerRequestApi.pay, async (request) => {
    await limit(request.params.token);
    return startPayment(rt, request.params.token, request.body);
  });
}
