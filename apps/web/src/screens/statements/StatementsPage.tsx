import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { StatementFormat, StatementItem } from "@portal/domain/api/statements";
import { useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadStatement, statementKeys, useStatements } from "../../api/statements.api.ts";
import { toast } from "../../app/toast.ts";
import { DataTable } from "../../components/list/DataTable.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { StatementsSubscriptionSwitch } from "../../components/StatementsSubscriptionSwitch.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { formatDate } from "../../lib/dates.ts";
import { DEFAULT_PAGE_SIZE } from "../../lib/tableSearch.ts";

/** "October 2026" / "أكتوبر 2026" (Latin digits) of YYYY-MM. */
function monthName(month: string, lang: "en" | "ar"): string {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-EG-u-nu-latn" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * Statements (merchant-dashboard.md "Statements"): the list with the statement date, a New badge until the
 * statement is downloaded, and Download (PDF and XLSX, in the page's language); the empty state 'No Statements
 * yet to show'. The MONTHLY STATEMENT switch sits above the list.
 */
export default function StatementsPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useStatements(page, pageSize);
  const client = useQueryClient();

  const columns = useMemo<ColumnDef<StatementItem>[]>(() => {
    const download = async (id: number, format: StatementFormat) => {
      try {
        await downloadStatement(id, format, lang);
        await client.invalidateQueries({ queryKey: statementKeys.all });
      } catch {
        toast.error(t("statements.downloadFailed"));
      }
    };
    return [
      {
        id: "month",
        header: t("statements.columns.month"),
        cell: ({ row }) => (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={500}>
              {monthName(row.original.month, lang)}
            </Text>
            {row.original.is_new ? (
              <Badge color="blue.8" variant="filled" size="sm" data-testid="statement-new">
                {t("statements.new")}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: "statement_date",
        header: t("statements.columns.date"),
        cell: ({ row }) => formatDate(row.original.statement_date, lang, row.original.time_zone),
      },
      {
        id: "currencies",
        header: t("statements.columns.currencies"),
        cell: ({ row }) =>
          row.original.currencies.length > 0
            ? row.original.currencies.map((c) => c.currency).join(", ")
            : t("statements.noActivity"),
      },
      {
        id: "action",
        header: t("statements.columns.action"),
        cell: ({ row }) => {
          const label = monthName(row.original.month, lang);
          return (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                onClick={() => void download(row.original.id, "pdf")}
                aria-label={t("statements.downloadPdfLabel", { month: label })}
                data-testid="statement-download-pdf"
              >
                {t("statements.downloadPdf")}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => void download(row.original.id, "xlsx")}
                aria-label={t("statements.downloadXlsxLabel", { month: label })}
                data-testid="statement-download-xlsx"
              >
                {t("statements.downloadXlsx")}
              </Button>
            </Group>
          );
        },
      },
    ];
  }, [t, lang, client]);

  return (
    <Stack gap="lg" data-testid="statements-page">
      <PageTitle title={t("statements.title")} />
      <Paper withBorder radius="lg" p="md">
        <StatementsSubscriptionSwitch />
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("statements.list")}
        </Title>
        <DataTable
          label={t("statements.list")}
          testId="statements-table"
          columns={columns}
          rows={list.data?.results}
          count={list.data?.count ?? 0}
          page={page}
          pageSize={pageSize}
          sort={undefined}
          loading={list.isPending}
          error={list.isError}
          onRetry={() => void list.refetch()}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          onSort={() => undefined}
          rowId={(row) => String(row.id)}
          emptyText={t("statements.empty")}
        />
      </Paper>
    </Stack>
  );
}
