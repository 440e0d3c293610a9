import { Badge, Button, Paper, Stack } from "@mantine/core";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type LenderItem, useLenders } from "../../api/lenders.api.ts";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { LenderDialog } from "./LenderDialog.tsx";

/**
 * Lenders (docs/pos-risk.md "Lenders"): the bank's merchants that collect loan instalments on their lending page,
 * with their card integration, page id, state and figures; the bank adds, edits and disables them.
 */
export default function LendersPage() {
  const { t } = useTranslation();
  const { lang, session } = useDashboard();
  const { dateTime } = useDateFormat();
  const list = useLenders();
  const canManage = session.permNames.includes("can add merchants");
  const [dialog, setDialog] = useState<{ lender?: LenderItem } | null>(null);
  const count = (n: number) => n.toLocaleString(lang === "ar" ? "ar-EG" : "en-US");

  const columns: ColumnDef<LenderItem>[] = [
    { id: "merchant", header: t("lenders.fields.merchant"), cell: ({ row }) => row.original.merchant_name },
    {
      id: "public_id",
      header: t("lenders.fields.publicId"),
      cell: ({ row }) => <span dir="ltr">{row.original.public_id}</span>,
    },
    {
      id: "integration",
      header: t("lenders.fields.integration"),
      cell: ({ row }) =>
        `${row.original.integration_name} (${row.original.currency}, ${row.original.is_live ? t("lenders.live") : t("lenders.test")})`,
    },
    {
      id: "state",
      header: t("lenders.fields.state"),
      cell: ({ row }) => (
        <Badge color={row.original.is_active ? "teal.9" : "gray.8"} variant="filled">
          {row.original.is_active ? t("lenders.active") : t("lenders.disabled")}
        </Badge>
      ),
    },
    {
      id: "customers",
      header: t("lenders.fields.customers"),
      meta: { numeric: true } satisfies ColumnMeta,
      cell: ({ row }) => count(row.original.customers),
    },
    {
      id: "open_loans",
      header: t("lenders.fields.openLoans"),
      meta: { numeric: true } satisfies ColumnMeta,
      cell: ({ row }) => count(row.original.open_loans),
    },
    {
      id: "created_at",
      header: t("lenders.fields.created"),
      cell: ({ row }) => dateTime(row.original.created_at),
    },
    ...(canManage
      ? [
          {
            id: "actions",
            header: t("lenders.actions"),
            cell: ({ row }: { row: { original: LenderItem } }) => (
              <Button
                size="xs"
                variant="light"
                onClick={() => setDialog({ lender: row.original })}
                aria-label={t("lenders.editOne", { name: row.original.merchant_name })}
                data-testid="lender-edit"
              >
                {t("lenders.edit")}
              </Button>
            ),
          } satisfies ColumnDef<LenderItem>,
        ]
      : []),
  ];

  return (
    <Stack data-testid="lenders-page">
      <PageTitle title={t("nav.lenders")}>
        {canManage ? (
          <Button onClick={() => setDialog({})} data-testid="lender-add">
            {t("lenders.add")}
          </Button>
        ) : null}
      </PageTitle>
      <Paper p="md" radius="lg" withBorder>
        <DataTable
          label={t("lenders.tableLabel")}
          testId="lenders-table"
          columns={columns}
          rows={list.data?.results}
          count={list.data?.results.length ?? 0}
          page={1}
          pageSize={100}
          sort={undefined}
          loading={list.isFetching}
          error={list.isError}
          onRetry={() => void list.refetch()}
          onPage={() => undefined}
          onPageSize={() => undefined}
          onSort={() => undefined}
          rowId={(row) => String(row.id)}
          emptyText={t("lenders.empty")}
        />
      </Paper>
      {dialog ? (
        <LenderDialog
          lender={dialog.lender}
          merchants={list.data?.merchants ?? []}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
