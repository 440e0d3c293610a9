import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Progress,
  Skeleton,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type { ExportItem } from "@portal/domain/api/exports";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadExport, exportKeys, useExports } from "../api/exports.api.ts";
import { toast } from "../app/toast.ts";
import { useDateFormat } from "../lib/useDateFormat.ts";

function JobCell({ item }: { item: ExportItem }) {
  const { t } = useTranslation();
  if (item.job_state === "failed")
    return (
      <Badge variant="outline" color="red.9">
        {t("exports.jobs.failed")}
      </Badge>
    );
  const percent = item.rows_total
    ? Math.min(100, Math.round((item.rows_done / item.rows_total) * 100))
    : undefined;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="export-progress">
      <Progress
        value={percent ?? 100}
        animated
        striped={percent === undefined}
        w={100}
        aria-label={t("exports.progress")}
      />
      <Text size="xs">
        {item.job_state === "queued"
          ? t("exports.jobs.queued")
          : t("exports.jobs.running", { done: item.rows_done })}
      </Text>
    </Group>
  );
}

/** The export history: Export ID, Date Created, State (New, then Downloaded), progress while running, downloads. */
export function ExportHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useExports(page);
  const client = useQueryClient();
  const { dateTime, date } = useDateFormat();
  const download = async (id: number, format: "csv" | "xlsx") => {
    try {
      await downloadExport(id, format);
      await client.invalidateQueries({ queryKey: exportKeys.all });
    } catch {
      toast.error(t("exports.downloadFailed"));
    }
  };
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / 10));

  return (
    <Paper withBorder radius="lg" p="md" data-testid="export-history">
      <Title order={2} size="h4" mb="sm">
        {t("exports.history")}
      </Title>
      {list.isPending ? (
        <Skeleton height={80} />
      ) : list.isError ? (
        <Group>
          <Text size="sm" c="red.8">
            {t("transactions.table.errorBody")}
          </Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            {t("transactions.table.retry")}
          </Button>
        </Group>
      ) : list.data.results.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="export-history-empty">
          {t("exports.historyEmpty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t("exports.history")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("exports.columns.id")}</Table.Th>
                <Table.Th>{t("exports.columns.created_at")}</Table.Th>
                <Table.Th>{t("exports.columns.range")}</Table.Th>
                <Table.Th>{t("exports.columns.status")}</Table.Th>
                <Table.Th>{t("exports.columns.state")}</Table.Th>
                <Table.Th>{t("exports.columns.download")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.results.map((item) => (
                <Table.Tr
                  key={item.id}
                  data-testid="export-row"
                  data-export-id={item.id}
                  data-job={item.job_state}
                >
                  <Table.Td>{item.id}</Table.Td>
                  <Table.Td>{dateTime(item.created_at)}</Table.Td>
                  <Table.Td>
                    {date(item.date_from)} – {date(item.date_to)}
                  </Table.Td>
                  <Table.Td>{t(`exports.statuses.${item.status}`)}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="outline"
                      color={item.state === "new" ? "blue.9" : "gray.8"}
                      data-testid="export-state"
                      data-state={item.state}
                    >
                      {t(`exports.states.${item.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {item.job_state === "done" ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => void download(item.id, "csv")}
                          aria-label={t("exports.downloadCsv", { id: item.id })}
                          data-testid="export-download-csv"
                        >
                          {t("exports.csv")}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => void download(item.id, "xlsx")}
                          aria-label={t("exports.downloadXlsx", { id: item.id })}
                          data-testid="export-download-xlsx"
                        >
                          {t("exports.xlsx")}
                        </Button>
                      </Group>
                    ) : (
                      <JobCell item={item} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? <Pagination mt="sm" size="sm" total={pages} value={page} onChange={setPage} /> : null}
    </Paper>
  );
}
