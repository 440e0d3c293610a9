import { Badge, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { downloadReport, type ReportItem, reportKeys, useReports } from "../../api/reports.api.ts";
import { toast } from "../../app/toast.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { DatesLocale } from "../../components/DatesLocale.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { ReportTabs } from "../../components/ReportTabs.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useViewMode, viewpointOf } from "../../live/viewpoint.ts";
import { GenerateReport } from "./GenerateReport.tsx";

/** The last day a report covers: its range ends just before date_to (an exclusive bound). */
const lastDay = (dateTo: string) => new Date(new Date(dateTo).getTime() - 1).toISOString();

/**
 * Reports (back-office.md "Reports"): generate one, and the summary table (id, from and to date, date created,
 * type, action): Pending until the file is ready, then Download.
 */
export default function ReportFilesPage() {
  const { t } = useTranslation();
  const { session } = useDashboard();
  const view = viewpointOf(session.type);
  const { isLive } = useViewMode(view);
  const { date, dateTime } = useDateFormat();
  const { paging } = useTableSearch("/{-$lang}/app/report-files");
  const list = useReports(paging.page, paging.pageSize);
  const client = useQueryClient();

  const columns = useMemo<ColumnDef<ReportItem>[]>(() => {
    const download = async (id: number, format: "xlsx" | "csv") => {
      try {
        await downloadReport(id, format);
        await client.invalidateQueries({ queryKey: reportKeys.all });
      } catch {
        toast.error(t("exports.downloadFailed"));
      }
    };
    return [
      {
        id: "id",
        header: t("reportFiles.columns.id"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => row.original.id,
      },
      { id: "from", header: t("reportFiles.columns.from"), cell: ({ row }) => date(row.original.date_from) },
      {
        id: "to",
        header: t("reportFiles.columns.to"),
        cell: ({ row }) => date(lastDay(row.original.date_to)),
      },
      {
        id: "created_at",
        header: t("reportFiles.columns.created_at"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "type",
        header: t("reportFiles.columns.type"),
        cell: ({ row }) =>
          row.original.type === "transactions" && row.original.status !== "trx_all"
            ? `${t(`reportFiles.types.${row.original.type}`)} (${t(`exports.statuses.${row.original.status}`)})`
            : t(`reportFiles.types.${row.original.type}`),
      },
      {
        id: "action",
        header: t("reportFiles.columns.action"),
        cell: ({ row }) => {
          const r = row.original;
          if (r.state === "pending")
            return (
              <Badge variant="outline" color="#a35200" data-testid="report-pending">
                {t("reportFiles.pending")}
              </Badge>
            );
          if (r.state === "failed")
            return (
              <Badge variant="outline" color="red.9" data-testid="report-failed">
                {t("reportFiles.failed")}
              </Badge>
            );
          return (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                onClick={() => void download(r.id, "xlsx")}
                aria-label={t("reportFiles.downloadLabel", { id: r.id })}
                data-testid="report-download"
              >
                {t("reportFiles.download")}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => void download(r.id, "csv")}
                aria-label={t("reportFiles.downloadCsvLabel", { id: r.id })}
                data-testid="report-download-csv"
              >
                {t("exports.csv")}
              </Button>
              {r.downloaded ? (
                <Badge variant="light" color="gray.8" data-testid="report-downloaded">
                  {t("exports.states.downloaded")}
                </Badge>
              ) : null}
            </Group>
          );
        },
      },
    ];
  }, [t, date, dateTime, client]);

  return (
    <DatesLocale>
      <Stack gap="lg" data-testid="report-files-page">
        <ReportTabs active="files" />
        <PageTitle title={t("reportFiles.title")}>
          <DataModeBadge isLive={isLive} />
        </PageTitle>
        <GenerateReport isBank={view === "bank"} isLive={isLive} />
        <Paper withBorder radius="lg" p="md">
          <Title order={2} size="h4" mb="sm">
            {t("reportFiles.summary")}
          </Title>
          <DataTable
            label={t("reportFiles.summary")}
            testId="reports-table"
            columns={columns}
            rows={list.data?.results}
            count={list.data?.count ?? 0}
            page={paging.page}
            pageSize={paging.pageSize}
            sort={undefined}
            loading={list.isPending}
            error={list.isError}
            onRetry={() => void list.refetch()}
            onPage={paging.onPage}
            onPageSize={paging.onPageSize}
            onSort={() => undefined}
            rowId={(row) => String(row.id)}
            emptyText={t("reportFiles.empty")}
          />
        </Paper>
      </Stack>
    </DatesLocale>
  );
}
