import { analyticsQuerySchema, homeAnswerSchema, PeriodError, reportsAnswerSchema } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authError, requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { HttpError } from "../security/errors.ts";
import { bankScope, foldAnalytics, homeFigures, merchantScope, reportFigures } from "./analytics.service.ts";

const TAGS = ["analytics"];
const errorSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

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

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/analytics/home",
    {
      schema: {
        tags: TAGS,
        summary: "Home page figures: summary cards, charts, recent orders and transactions",
        description:
          "Per currency, in the merchant country's time zone, for the caller's merchant and mode (is_live). 400 invalid_period for a refused period.",
        querystring: analyticsQuerySchema,
        response: { 200: homeAnswerSchema, 400: errorSchema },
      },
      config: { permission: null },
    },
    async (request) => {
      const merchantId = figuresMerchantId(request);
      const scope = await merchantScope(app.deps.database.db, merchantId, request.query.is_live);
      return homeFigures(app.deps.database.db, scope, request.query, new Date()).catch(periodError);
    },
  );

  app.get(
    "/api/analytics/reports",
    {
      schema: {
        tags: TAGS,
        summary: "Reports overview: sales, refunds, transfers, customers, methods, branches, card schemes",
        description:
          "Per currency, in the merchant country's time zone, for the caller's merchant and mode (is_live); for a bank user, its merchants together in the bank country's time zone. 400 invalid_period for a refused period.",
        querystring: analyticsQuerySchema,
        response: { 200: reportsAnswerSchema, 400: errorSchema },
      },
      config: { permission: "can view reports" },
    },
    async (request) => {
      // A bank (the bank layout's Reports screen) reads the figures of its own merchants.
      const bankId = requireUser(request).bank_id;
      const scope =
        bankId !== null
          ? await bankScope(app.deps.database.db, bankId, request.query.is_live)
          : await merchantScope(app.deps.database.db, figuresMerchantId(request), request.query.is_live);
      return reportFigures(app.deps.database.db, scope, request.query, new Date()).catch(periodError);
    },
  );
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
