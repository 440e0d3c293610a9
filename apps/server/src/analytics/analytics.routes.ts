import { analyticsApi, PeriodError } from "@portal/domain";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { authError, requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { merchantNow } from "../test-clock/clock.ts";
import { bankScope, foldAnalytics, merchantScope } from "./analytics.repository.ts";
import { homeFigures, reportFigures } from "./analytics.service.ts";

function periodError(error: unknown): never {
  if (error instanceof PeriodError) throw new HttpError(400, "invalid_period", error.message);
  throw error;
}

/**
 * The merchant whose figures the caller may read. The home and reports screens are the merchant layout's
 * (Merchant and MerchantStaff); a terminal user's layout has neither (its menu is transactions and terminal
 * reports), and the rollups are per merchant, so a terminal would read its whole merchant's figures: 403.
 * docs/analytics.md.
 */
function figuresMerchantId(request: FastifyRequest): number {
  if (requireUser(request).profile_type === "Terminal") throw authError(403, "forbidden");
  return requireMerchantId(request);
}

export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  implement(app, analyticsApi.home, async (request) => {
    const merchantId = figuresMerchantId(request);
    // The recent lists carry customer data: only for a caller who may see orders and transactions (issue 10).
    const { permissions } = requireUser(request);
    const scope = await merchantScope(app.deps.database.db, merchantId, request.query.is_live);
    return homeFigures(app.deps.database.db, scope, request.query, new Date(), {
      recentOrders: permissions.has("can view orders"),
      recentTransactions: permissions.has("can view transactions"),
    }).catch(periodError);
  });

  implement(app, analyticsApi.reports, async (request) => {
    // A bank (the bank layout's Reports screen) reads the figures of its own merchants.
    const bankId = requireUser(request).bank_id;
    const db = app.deps.database.db;
    const scope =
      bankId !== null
        ? await bankScope(db, bankId, request.query.is_live)
        : await merchantScope(db, figuresMerchantId(request), request.query.is_live);
    const now = new Date();
    // A merchant's test payments count their pending hours on its test clock (docs/payments.md "Test clock").
    const [merchantId] = scope.merchantIds;
    const transferNow =
      bankId === null && merchantId !== undefined
        ? await merchantNow(db, merchantId, scope.isLive, now)
        : now;
    return reportFigures(db, scope, request.query, now, transferNow).catch(periodError);
  });
};

const FOLD_EVERY_MS = 5_000;

/**
 * Routes, and the fold of analytics deltas every 5 seconds in each listening process (one at a time across
 * processes: analytics_fold() takes an advisory lock). Reads never depend on it; it keeps the delta table small.
 */
export async function installAnalytics(app: FastifyInstance): Promise<void> {
  await app.register(analyticsRoutes);
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onListen", async () => {
    timer = setInterval(() => {
      foldAnalytics(app.deps.database.db).catch((error: unknown) =>
        app.log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          "analytics fold failed",
        ),
      );
    }, FOLD_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
