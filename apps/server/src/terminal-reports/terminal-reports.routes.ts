import { COUNTRY_INFO, type Country, localDate, terminalReportsApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { implement } from "../http/contract-routes.ts";
import { bankScopeOf, merchantScopeOf } from "../transactions/scope.ts";
import { dayBounds } from "./closing.repository.ts";
import {
  listTerminalReports,
  merchantCountry,
  openDayFigures,
  terminalReportTotals,
} from "./terminal-reports.repository.ts";

/**
 * Terminal reports for terminal users, merchants and banks (contracts: packages/domain/src/api/terminal-reports.ts;
 * docs/pos-risk.md). The scope narrows every query: a terminal user reads its own terminal's reports only.
 */
export async function terminalReportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.payments.db;

  implement(app, terminalReportsApi.list, async (request) =>
    listTerminalReports(db, merchantScopeOf(request), request.query),
  );
  implement(app, terminalReportsApi.totals, async (request) =>
    terminalReportTotals(db, merchantScopeOf(request), request.query),
  );
  implement(app, terminalReportsApi.today, async (request) => {
    const scope = merchantScopeOf(request);
    const country =
      (scope.kind === "merchant" ? await merchantCountry(db, scope.merchantId) : undefined) ?? "EGY";
    const timeZone = COUNTRY_INFO[country as Country]?.timeZone ?? COUNTRY_INFO.EGY.timeZone;
    const day = localDate(new Date(), timeZone);
    const { start, end } = await dayBounds(db, day, timeZone);
    const reports = await openDayFigures(db, scope, {
      isLive: request.query.is_live,
      day,
      timeZone,
      start,
      end,
    });
    return { business_day: day, time_zone: timeZone, reports };
  });
  implement(app, terminalReportsApi.bankList, async (request) =>
    listTerminalReports(db, bankScopeOf(request), request.query),
  );
  implement(app, terminalReportsApi.bankTotals, async (request) =>
    terminalReportTotals(db, bankScopeOf(request), request.query),
  );
}
