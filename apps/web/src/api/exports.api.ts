import type { ExportItem, ExportRequest } from "@portal/domain/workspace-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dayBound } from "../lib/dates.ts";
import { useDateFormat } from "../lib/useDateFormat.ts";
import { api } from "./client.ts";

export type ExportList = { count: number; page: number; page_size: number; results: ExportItem[] };

export const exportKeys = {
  all: ["exports"] as const,
  list: (page: number) => [...exportKeys.all, "list", page] as const,
};

/** The export history; while a job is queued or running it is asked again every 2 seconds for its progress. */
export function useExports(page: number) {
  return useQuery({
    queryKey: exportKeys.list(page),
    queryFn: ({ signal }) => api.get<ExportList>(`/api/exports?page=${page}&page_size=10`, { signal }),
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
      api.post<ExportItem>("/api/exports", {
        ...body,
        date_from: dayBound(body.date_from, false, timeZone),
        date_to: dayBound(body.date_to, true, timeZone),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportKeys.all }),
    // The export dialog shows its refusals itself (too many exports in progress) and reports the rest.
    meta: { handlesErrors: true },
  });
}

export const exportDownloadUrl = (id: number, format: "csv" | "xlsx") =>
  `/api/exports/${id}/download?format=${format}`;

/**
 * Downloads through fetch (so a failure can say the spec's message instead of leaving an error page), then hands
 * the file to the browser. The export becomes "downloaded" on the server.
 */
export async function downloadExport(id: number, format: "csv" | "xlsx"): Promise<void> {
  const response = await fetch(exportDownloadUrl(id, format), { credentials: "include" });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const blob = await response.blob();
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `export-${id}.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
