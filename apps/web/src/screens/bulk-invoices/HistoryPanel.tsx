import { Badge, Paper, Stack, Title, UnstyledButton } from "@mantine/core";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type BulkHistory, useBulkHistory } from "../../api/bulk-invoices.api.ts";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { useDateFormat } from "../../lib/useDateFormat.ts";

type Item = BulkHistory["results"][number];

/** The history of uploads with their counts (rows, valid, with problems, created, e-mailed, texted). */
export function HistoryPanel({
  page,
  pageSize,
  onPage,
  onPageSize,
  onOpen,
}: {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const history = useBulkHistory(page, pageSize);
  const columns = useMemo<ColumnDef<Item>[]>(() => {
    const count = (key: keyof Item["counts"], id: string): ColumnDef<Item> => ({
      id,
      header: t(`bulkInvoices.history.columns.${id as "rows"}`),
      meta: { numeric: true } satisfies ColumnMeta,
      cell: ({ row }) => row.original.counts[key],
    });
    return [
      {
        id: "file",
        header: t("bulkInvoices.history.columns.file"),
        cell: ({ row }) => (
          <UnstyledButton
            c="blue.8"
            td="underline"
            onClick={() => onOpen(row.original.id)}
            aria-label={t("bulkInvoices.history.open", { name: row.original.file_name })}
            data-testid="bulk-history-open"
          >
            {row.original.file_name}
          </UnstyledButton>
        ),
      },
      {
        id: "created_at",
        header: t("bulkInvoices.history.columns.created_at"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "created_by",
        header: t("bulkInvoices.history.columns.created_by"),
        cell: ({ row }) => row.original.created_by ?? "",
      },
      {
        id: "status",
        header: t("bulkInvoices.history.columns.status"),
        cell: ({ row }) => (
          <Badge variant="light" color={row.original.status === "submitted" ? "teal.9" : "gray.8"}>
            {t(`bulkInvoices.history.status.${row.original.status}`)}
          </Badge>
        ),
      },
      count("rows", "rows"),
      count("valid", "valid"),
      count("invalid", "invalid"),
      count("created", "created"),
      count("emailed", "emailed"),
      count("texted", "texted"),
    ];
  }, [t, dateTime, onOpen]);
  return (
    <Paper p="md" radius="lg" withBorder>
      <Stack>
        <Title order={2} size="h4">
          {t("bulkInvoices.history.title")}
        </Title>
        <DataTable
          label={t("bulkInvoices.history.title")}
          testId="bulk-history-table"
          columns={columns}
          rows={history.data?.results}
          count={history.data?.count ?? 0}
          page={page}
          pageSize={pageSize}
          sort={undefined}
          loading={history.isFetching && !history.data}
          error={history.isError}
          onRetry={() => void history.refetch()}
          onPage={onPage}
          onPageSize={onPageSize}
          onSort={() => undefined}
          rowId={(row) => String(row.id)}
          emptyText={t("bulkInvoices.history.empty")}
        />
      </Stack>
    </Paper>
  );
}
