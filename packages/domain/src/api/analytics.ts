import { analyticsQuerySchema, homeAnswerSchema, reportsAnswerSchema } from "../analytics-api.ts";
import { errorResponseSchema, route, signedInErrors } from "../contract.ts";

/**
 * The home page figures and the reports overview (merchant-dashboard.md sections 2 and 3; docs/analytics.md).
 * The query and answer schemas, and what each figure means, are in analytics-api.ts (the web reads its types and
 * presets from there without the routes).
 */
const TAGS = ["analytics"] as const;

export const analyticsApi = {
  home: route({
    method: "GET",
    path: "/api/analytics/home",
    access: { permission: null },
    tags: TAGS,
    summary: "Home page figures: summary cards, charts, recent orders and transactions",
    description:
      "Per currency, in the merchant country's time zone, for the caller's merchant and mode (is_live). 400 invalid_period for a refused period. " +
      "recent_transactions is null for a caller without 'can view transactions', recent_orders null without 'can view orders'.",
    query: analyticsQuerySchema,
    answers: { 200: homeAnswerSchema, 400: errorResponseSchema, ...signedInErrors },
  }),
  reports: route({
    method: "GET",
    path: "/api/analytics/reports",
    access: { permission: "can view reports" },
    tags: TAGS,
    summary: "Reports overview: sales, refunds, transfers, customers, methods, branches, card schemes",
    description:
      "Per currency, in the merchant country's time zone, for the caller's merchant and mode (is_live); for a bank user, its merchants together in the bank country's time zone. 400 invalid_period for a refused period.",
    query: analyticsQuerySchema,
    answers: { 200: reportsAnswerSchema, 400: errorResponseSchema, ...signedInErrors },
  }),
};
