import { lendersApi, lendingApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { requireBankId } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { hitRateLimits, type RateLimitRule } from "../ratelimit/rate-limit.repository.ts";
import { addBankLender, bankLenders, editBankLender } from "./lenders.service.ts";
import { lookupLoans, payFromBalance, startCardPayment } from "./lending.service.ts";

/**
 * The lending collection page's API (contracts: packages/domain/src/api/lending.ts; docs/pos-risk.md "Lending").
 * Public: the national ID is the customer's only key to the page, so every call is rate limited per client
 * address (a minute's and an hour's window) and the lookups also per lender from everywhere, which bounds how
 * fast national IDs can be tried, from one address or from many.
 */
export const LENDING_LIMITS = {
  lookupPerMinute: { limit: 20, windowSeconds: 60 },
  lookupPerHour: { limit: 120, windowSeconds: 3600 },
  /** Every lookup of one lender's page, from all addresses together. */
  lenderLookupsPerMinute: { limit: 600, windowSeconds: 60 },
  payPerMinute: { limit: 20, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

const RATE_LIMITED = "Too many requests. Please try again later.";

export async function lendingRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;

  // Lender management by the merchant's bank (docs/pos-risk.md "Lenders"): signed in, bank-scoped.
  implement(app, lendersApi.list, async (request) => bankLenders(rt.db, requireBankId(request)));
  implement(app, lendersApi.add, async (request, reply) =>
    reply.code(201).send(await addBankLender(rt.db, requireBankId(request), request.body)),
  );
  implement(app, lendersApi.edit, async (request) =>
    editBankLender(rt.db, requireBankId(request), request.params.id, request.body, rt.now()),
  );

  const limit = async (checks: { key: string; rule: RateLimitRule }[]) => {
    const result = await hitRateLimits(rt.db, checks, { stopAtRefusal: true });
    if (!result.allowed)
      throw new HttpError(429, "rate_limited", RATE_LIMITED, undefined, {
        "retry-after": String(result.retryAfterSeconds),
      });
  };

  implement(app, lendingApi.lookup, async (request) => {
    const lender = request.body.lender.trim();
    await limit([
      { key: `lending:lookup:m:${request.ip}`, rule: LENDING_LIMITS.lookupPerMinute },
      { key: `lending:lookup:h:${request.ip}`, rule: LENDING_LIMITS.lookupPerHour },
      { key: `lending:lookup:lender:${lender}`, rule: LENDING_LIMITS.lenderLookupsPerMinute },
    ]);
    return lookupLoans(rt, request.body);
  });

  implement(app, lendingApi.card, async (request) => {
    await limit([{ key: `lending:pay:${request.ip}`, rule: LENDING_LIMITS.payPerMinute }]);
    return startCardPayment(rt, request.body);
  });

  implement(app, lendingApi.balance, async (request) => {
    await limit([{ key: `lending:pay:${request.ip}`, rule: LENDING_LIMITS.payPerMinute }]);
    return payFromBalance(rt, request.body);
  });
}
