import { Badge, Button, Paper, Stack, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Integration, useIntegrationList } from "../../api/integrations.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import { AddIntegrationModal } from "./AddIntegrationModal.tsx";
import { IntegrationDetailsModal } from "./IntegrationDetailsModal.tsx";
import { useIntegrationRights } from "./rights.ts";

/** Payment integrations (spec section 2): the list with 'Show N entries', add, details, callbacks, retrial. */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  const { isLive } = useLiveMode();
  const { dateTime } = useDateFormat();
  const { canCreate } = useIntegrationRights();
  // Page and page size live in the URL (router.tsx: parsePagingSearch), so reload, back and links keep them.
  const { search, setSearch, paging } = useTableSearch("/{-$lang}/app/payment-integrations");
  const [addOpen, add] = useDisclosure(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useIntegrationList(isLive, paging.page, paging.pageSize);

  const columns = useMemo<ColumnDef<Integration>[]>(
    () => [
      {
        id: "id",
        header: t("integrations.columns.id"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => (
          <UnstyledButton
            c="blue.8"
            td="underline"
            onClick={() => setOpenId(row.original.id)}
            aria-label={t("integrations.details.open", { name: row.original.name })}
            data-testid="integration-open"
          >
            {row.original.id}
          </UnstyledButton>
        ),
      },
      { id: "name", header: t("integrations.columns.name"), cell: ({ row }) => row.original.name },
      {
        id: "type",
        header: t("integrations.columns.type"),
        cell: ({ row }) => t(`integrations.types.${row.original.type}`, { defaultValue: row.original.type }),
      },
      {
        id: "currency",
        header: t("integrations.columns.currency"),
        cell: ({ row }) => row.original.currency,
      },
      {
        id: "status",
        header: t("integrations.columns.status"),
        cell: ({ row }) => (
          <Badge
            variant="light"
            color={row.original.status === "Active" ? "teal.9" : "gray.8"}
            data-testid="integration-status"
            data-status={row.original.status}
          >
            {t(`integrations.status.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: "shopify",
        header: t("integrations.columns.shopify"),
        cell: ({ row }) => (row.original.is_shopify ? t("integrations.yes") : t("integrations.no")),
      },
      {
        id: "created_at",
        header: t("integrations.columns.created"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
    ],
    [t, dateTime],
  );

  return (
    <Stack data-testid="integrations-page">
      <PageTitle title={t("integrations.title")}>
        <DataModeBadge isLive={isLive} />
        {canCreate ? (
          <Button onClick={add.open} data-testid="integration-add">
            {t("integrations.add")}
          </Button>
        ) : null}
      </PageTitle>
      <Paper p="md" radius="lg" withBorder>
        <DataTable
          label={t("integrations.tableLabel")}
          testId="integrations-table"
          columns={columns}
          rows={list.data?.results}
          count={list.data?.count ?? 0}
          page={paging.page}
          pageSize={paging.pageSize}
          sort={undefined}
          loading={list.isFetching}
          error={list.isError}
          onRetry={() => void list.refetch()}
          onPage={paging.onPage}
          onPageSize={paging.onPageSize}
          onSort={() => undefined}
          rowId={(row) => String(row.id)}
          emptyText={t("integrations.empty")}
        />
      </Paper>
      {addOpen ? (
        <AddIntegrationModal
          isLive={isLive}
          onClose={add.close}
          onAdded={() => {
            setSearch({ ...search, page: undefined });
            add.close();
          }}
        />
      ) : null}
      {openId !== null ? <IntegrationDetailsModal id={openId} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}
