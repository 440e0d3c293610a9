import { walkthroughApi } from "@portal/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import {
  type Caller,
  complete,
  move,
  start,
  startOver,
  walkthroughState,
  walkthroughSummary,
} from "./walkthrough.service.ts";

/**
 * The checkout integration walkthrough (merchant-dashboard.md section 2; docs/settings.md). Every route acts on
 * the caller's own merchant; each answers the new state, so the screen shows what the server decided.
 */
function callerOf(request: FastifyRequest): Caller {
  const user = requireUser(request);
  return {
    merchantId: requireMerchantId(request),
    userId: user.id,
    mayViewKeys: user.permissions.has("can view public secret keys"),
  };
}

export const walkthroughRoutes: FastifyPluginAsync = async (app) => {
  const db = app.payments.db;

  implement(app, walkthroughApi.state, async (request) => walkthroughState(db, callerOf(request)));

  implement(app, walkthroughApi.start, async (request) => {
    const caller = callerOf(request);
    await start(db, caller, request.body.guided);
    return walkthroughState(db, caller);
  });

  implement(app, walkthroughApi.move, async (request) => {
    const caller = callerOf(request);
    await move(db, caller, request.body);
    return walkthroughState(db, caller);
  });

  implement(app, walkthroughApi.complete, async (request) => {
    const caller = callerOf(request);
    await complete(db, caller);
    return walkthroughState(db, caller);
  });

  implement(app, walkthroughApi.startOver, async (request) => {
    const caller = callerOf(request);
    await startOver(db, caller);
    return walkthroughState(db, caller);
  });

  implement(app, walkthroughApi.summary, async (request) =>
    walkthroughSummary(db, requireMerchantId(request), request.query.is_live),
  );
};
