import type { ApiRoutes } from "@portal/domain/api/index";
import type { ReportRequest, reportsApi } from "@portal/domain/api/reports";
import type { AnswerOf } from "@portal/domain/contract";
import { callTarget } from "@portal/domain/paths";
import type { ExportFormat } from "@portal/domain/transaction-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dayBound } from "../lib/dates.ts";
import { useDateFormat } from "../lib/useDateFormat.ts";
import { call } from "./client.ts";
import { downloadFile } from "./exports.api.ts";

/** Reports (contract: packages/domain/src/api/reports.ts): ask for one, the summary table, download. */
export type ReportList = AnswerOf<typeof reportsApi.list>;
export type ReportItem = ReportList["results"][number];

export const reportKeys = {
  all: ["reports-files"] as const,
  list: (page: number, pageSize: number) => [...reportKeys.all, "list", page, pageSize] as const,
};

/** The summary table; while a report is Pending it is asked again every 2 seconds. */
export function useReports(page: number, pageSize: number) {
  return useQuery({
    queryKey: reportKeys.list(page, pageSize),
    queryFn: ({ signal }) => call("GET /api/reports", { query: { page, page_size: pageSize } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some((r) => r.state === "pending") ? 2000 : false),
  });
}

export function useCreateReport() {
  const client = useQueryClient();
  const { timeZone } = useDateFormat();
  return useMutation({
    // Picked days go as instants of the zone dates are shown in (lib/dates.ts dayBound).
    mutationFn: (body: ReportRequest) =>
      call("POST /api/reports", {
        body: {
          ...body,
          date_from: dayBound(body.date_from, false, timeZone),
          date_to: dayBound(body.date_to, true, timeZone),
        },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.all }),
    // The form shows its refusals itself (too many in progress) and reports the rest.
    meta: { handlesErrors: true },
  });
}

const DOWNLOAD = "GET /api/reports/:id/download" satisfies keyof ApiRoutes;

/** Downloads a ready report (the server marks it downloaded). */
export async function downloadReport(id: number, format: ExportFormat): Promise<void> {
  await downloadFile(
    callTarget(DOWNLOAD, { params: { id }, query: { format } }).url,
    `report-${id}.${format}`,
  );
}
