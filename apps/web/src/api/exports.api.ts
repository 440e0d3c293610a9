import type { ExportRequest } from "@portal/domain/api/exports";
import type { ApiRoutes } from "@portal/domain/api/index";
import { callTarget } from "@portal/domain/paths";
import type { ExportFormat } from "@portal/domain/transaction-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dayBound } from "../lib/dates.ts";
import { useDateFormat } from "../lib/useDateFormat.ts";
import { call } from "./client.ts";

export const exportKeys = {
  all: ["exports"] as const,
  list: (page: number) => [...exportKeys.all, "list", page] as const,
};

/** The export history; while a job is queued or running it is asked again every 2 seconds for its progress. */
export function useExports(page: number) {
  return useQuery({
    queryKey: exportKeys.list(page),
    queryFn: ({ signal }) => call("GET /api/exports", { query: { page, page_size: 10 } }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.results.some((e) => e.job_state === "queued" || e.job_state === "running")
        ? 2000
        : false,
  });
}

export function useCreateExport() {
  const client = useQueryClient();
  const { timeZone } = useDateFormat();
  return useMutation({
    // Picked days go as instants of the zone dates are shown in (lib/dates.ts dayBound).
    mutationFn: (body: ExportRequest) =>
      call("POST /api/exports", {
        body: {
          ...body,
          date_from: dayBound(body.date_from, false, timeZone),
          date_to: dayBound(body.date_to, true, timeZone),
        },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportKeys.all }),
    // The export dialog shows its refusals itself (too many exports in progress) and reports the rest.
    meta: { handlesErrors: true },
  });
}

/** A file, not JSON: the address of the contract's download route, fetched below. */
const DOWNLOAD = "GET /api/exports/:id/download" satisfies keyof ApiRoutes;
export const exportDownloadUrl = (id: number, format: ExportFormat) =>
  callTarget(DOWNLOAD, { params: { id }, query: { format } }).url;

/**
 * Downloads through fetch (so a failure can say the spec's message instead of leaving an error page), then hands
 * the file to the browser. The export becomes "downloaded" on the server.
 */
export async function downloadExport(id: number, format: ExportFormat): Promise<void> {
  await downloadFile(exportDownloadUrl(id, format), `export-${id}.${format}`);
}

/**
 * Fetches a file the server answers as an attachment (exports, reports, chargeback evidence) and hands it to the
 * browser under the name the server gives (else `fallbackName`); a failed answer throws.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const blob = await response.blob();
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
