import type { PermissionName, ReportItem, ReportRequest, ReportState, ReportType } from "@portal/domain";
import { MERCHANT_REPORT_TYPES, REPORT_TYPES, reportRequestSchema } from "@portal/domain";
import type PgBoss from "pg-boss";
import type { Database } from "../db/database.ts";
import type { ExportRow } from "../db/rows.ts";
import { createExportRow, EXPORT_QUEUE, type ExportJob } from "../exports/exports.service.ts";
import { bossDb } from "../jobs/boss.ts";
import type { Scope } from "../transactions/scope.ts";
import { lockStrandedReports } from "./reports.repository.ts";

/**
 * Reports (docs/transfers.md "Reports"): an export row with purpose 'report', written by the exports' durable job
 * (exports.service.ts runExport; the report types the lists' exports lack come from report-sources.ts). The range
 * rule (at most one month), the per-user cap on jobs in progress and the files are the exports'.
 */

/** Asking for a report of a type needs the view permission of what it lists (and "can view reports"). */
export const REPORT_PERMISSION = {
  transactions: "can view transactions",
  orders: "can view orders",
  invoices: "can view quick links",
  transfers: "can view transfers",
  merchants: "can view merchants",
} as const satisfies Record<ReportType, PermissionName>;

/** The types a scope may ask for: a merchant's four, a bank's five. */
export function reportTypesOf(scope: Scope, holds: (p: PermissionName) => boolean): ReportType[] {
  const types: readonly ReportType[] = scope.kind === "bank" ? REPORT_TYPES : MERCHANT_REPORT_TYPES;
  return types.filter((t) => holds(REPORT_PERMISSION[t]));
}

export function reportStateOf(jobState: NonNullable<ExportRow>["job_state"]): ReportState {
  return jobState === "done" ? "ready" : jobState === "failed" ? "failed" : "pending";
}

export function reportItem(r: NonNullable<ExportRow>): ReportItem {
  return {
    id: r.id,
    type: r.kind,
    date_from: r.date_from.toISOString(),
    date_to: r.date_to.toISOString(),
    created_at: r.created_at.toISOString(),
    status: r.status_choice,
    is_live: r.is_live,
    state: reportStateOf(r.job_state),
    downloaded: r.state === "downloaded",
    rows_done: r.rows_done,
    rows_total: r.rows_total,
  };
}

/** Writes the report's row and enqueues its job (one database transaction); the status choice is the transactions' and merchants' (what the merchants report counts). */
export async function createReport(
  database: Database,
  boss: PgBoss,
  scope: Scope,
  userId: number,
  input: ReportRequest,
): Promise<ReportItem> {
  const body = reportRequestSchema.parse(input);
  const row = await createExportRow(
    database,
    boss,
    scope,
    userId,
    {
      kind: body.type,
      status: body.type === "transactions" || body.type === "merchants" ? body.status : "trx_all",
      is_live: body.is_live,
      date_from: body.date_from,
      date_to: body.date_to,
    },
    "report",
  );
  return reportItem(row);
}

/** Enqueues the job of every report queued without one (the demo's Pending reports); answers how many. */
export async function enqueueStrandedReports(database: Database, boss: PgBoss): Promise<number> {
  return database.db.transaction().execute(async (trx) => {
    const ids = await lockStrandedReports(trx, EXPORT_QUEUE);
    for (const exportId of ids)
      await boss.send(EXPORT_QUEUE, { exportId } satisfies ExportJob, {
        db: bossDb(database, trx),
        retryLimit: 3,
        retryDelay: 5,
        expireInSeconds: 15 * 60,
      });
    return ids.length;
  });
}
