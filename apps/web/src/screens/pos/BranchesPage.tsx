import { Button, Group, Paper, Stack, Title, UnstyledButton } from "@mantine/core";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type BranchItem, useBranches } from "../../api/pos.api.ts";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { BranchDialog } from "./BranchDialog.tsx";

/**
 * Branches (merchant-dashboard.md section 2): branch name, branch ID, city and address, with the add and edit
 * dialogs; choosing a row shows its details card. Paging is in the URL.
 */
const countOf = (n: number, lang: string) => n.toLocaleString(lang === "ar" ? "ar-EG" : "en-US");

export default function BranchesPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const { paging } = useTableSearch("/{-$lang}/app/branches");
  const list = useBranches(paging.page, paging.pageSize);
  const [dialog, setDialog] = useState<{ branch?: BranchItem } | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = list.data?.results.find((b) => b.id === selectedId);

  const columns = useMemo<ColumnDef<BranchItem>[]>(
    () => [
      {
        id: "branch_name",
        header: t("pos.branches.fields.branch_name"),
        cell: ({ row }) => (
          <UnstyledButton
            onClick={() => setSelectedId(row.original.id)}
            aria-pressed={row.original.id === selectedId}
            aria-label={t("pos.branches.show", { name: row.original.branch_name })}
            c="blue.8"
            td="underline"
            data-testid="branch-select"
          >
            {row.original.branch_name}
          </UnstyledButton>
        ),
      },
      {
        id: "branch_id",
        header: t("pos.branches.fields.branch_id"),
        cell: ({ row }) => <span dir="ltr">{row.original.branch_id}</span>,
      },
      { id: "city", header: t("pos.branches.fields.city"), cell: ({ row }) => row.original.city ?? "—" },
      {
        id: "address",
        header: t("pos.branches.fields.address"),
        cell: ({ row }) => row.original.address ?? "—",
      },
      {
        id: "terminals",
        header: t("pos.branches.fields.terminals"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => countOf(row.original.terminals, lang),
      },
      {
        id: "actions",
        header: t("pos.actions"),
        cell: ({ row }) => (
          <Button
            size="xs"
            variant="default"
            onClick={() => setDialog({ branch: row.original })}
            aria-label={t("pos.branches.editNamed", { name: row.original.branch_name })}
            data-testid="branch-edit"
          >
            {t("pos.edit")}
          </Button>
        ),
      },
    ],
    [t, lang, selectedId],
  );

  return (
    <Stack gap="lg" data-testid="branches-page">
      <PageTitle title={t("nav.branches")}>
        <Button onClick={() => setDialog({})} data-testid="branch-add">
          {t("pos.branches.add")}
        </Button>
      </PageTitle>
      <Paper withBorder radius="lg" p="md">
        <DataTable
          label={t("pos.branches.tableLabel")}
          testId="branches-table"
          columns={columns}
          rows={list.data?.results}
          count={list.data?.count ?? 0}
          page={paging.page}
          pageSize={paging.pageSize}
          sort={undefined}
          loading={list.isPending || list.isPlaceholderData}
          error={list.isError}
          onRetry={() => void list.refetch()}
          onPage={paging.onPage}
          onPageSize={paging.onPageSize}
          onSort={() => undefined}
          rowId={(row) => String(row.id)}
          emptyText={t("pos.branches.empty")}
        />
      </Paper>
      {selected ? (
        <Paper withBorder radius="lg" p="md" data-testid="branch-details">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t("pos.branches.details", { name: selected.branch_name })}
            </Title>
            <Button size="xs" variant="default" onClick={() => setSelectedId(null)}>
              {t("pos.close")}
            </Button>
          </Group>
          <DetailGrid
            items={[
              {
                key: "branch_name",
                label: t("pos.branches.fields.branch_name"),
                value: selected.branch_name,
              },
              {
                key: "branch_id",
                label: t("pos.branches.fields.branch_id"),
                value: <span dir="ltr">{selected.branch_id}</span>,
              },
              { key: "city", label: t("pos.branches.fields.city"), value: selected.city },
              { key: "address", label: t("pos.branches.fields.address"), value: selected.address },
              {
                key: "terminals",
                label: t("pos.branches.fields.terminals"),
                value: countOf(selected.terminals, lang),
              },
              { key: "created_at", label: t("pos.fields.created_at"), value: dateTime(selected.created_at) },
            ]}
          />
        </Paper>
      ) : null}
      {dialog ? <BranchDialog branch={dialog.branch} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
