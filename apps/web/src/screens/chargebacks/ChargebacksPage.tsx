import { Group, Paper, Select, Stack } from "@mantine/core";
import { CHARGEBACK_STATUSES, type ChargebackStatus } from "@portal/domain/api/chargebacks";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type ChargebackItem, useChargebacks } from "../../api/chargebacks.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useViewMode, viewpointOf } from "../../live/viewpoint.ts";
import { ChargebackStatusBadge } from "./ChargebackStatusBadge.tsx";

const isStatus = (v: unknown): v is ChargebackStatus => CHARGEBACK_STATUSES.includes(v as ChargebackStatus);

/**
 * Chargebacks (back-office.md "Chargebacks"): the merchant's disputed payments (a bank: its merchants'), newest
 * first, with the status filter and paging in the URL; each opens its details.
 */
export default function ChargebacksPage() {
  const { t } = useTranslation();
  const { session, lang } = useDashboard();
  const view = viewpointOf(session.type);
  const { isLive } = useViewMode(view);
  const { dateTime } = useDateFormat();
  const { search, setSearch, paging } = useTableSearch("/{-$lang}/app/chargebacks");
  const status = isStatus(search.status) ? search.status : undefined;
  const list = useChargebacks({ isLive, page: paging.page, pageSize: paging.pageSize, status });

  const columns = useMemo<ColumnDef<ChargebackItem>[]>(
    () => [
      {
        id: "id",
        header: t("chargebacks.columns.id"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => (
          <AnchorLink
            to="/{-$lang}/chargebacks/$id"
            params={{ lang, id: String(row.original.id) }}
            aria-label={t("chargebacks.open", { id: row.original.id })}
            data-testid="chargeback-open"
          >
            {row.original.id}
          </AnchorLink>
        ),
      },
      {
        id: "transaction_id",
        header: t("chargebacks.fields.transaction_id"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => row.original.transaction_id,
      },
      {
        id: "order_id",
        header: t("chargebacks.fields.order_id"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => row.original.order_id ?? "—",
      },
      {
        id: "amount",
        header: t("chargebacks.fields.amount"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => money(row.original.amount_cents, row.original.currency, lang),
      },
      {
        id: "status",
        header: t("chargebacks.fields.status"),
        cell: ({ row }) => <ChargebackStatusBadge status={row.original.status} />,
      },
      {
        id: "chargeback_date",
        header: t("chargebacks.fields.chargeback_date"),
        cell: ({ row }) => dateTime(row.original.chargeback_date),
      },
      {
        id: "deadline_at",
        header: t("chargebacks.fields.deadline_at"),
        cell: ({ row }) => dateTime(row.original.deadline_at),
      },
      ...(view === "bank"
        ? [
            {
              id: "merchant",
              header: t("chargebacks.fields.merchant"),
              cell: ({ row }) => row.original.merchant.name,
            } satisfies ColumnDef<ChargebackItem>,
          ]
        : []),
    ],
    [t, lang, dateTime, view],
  );

  return (
    <Stack gap="lg" data-testid="chargebacks-page">
      <PageTitle title={t("nav.chargebacks")}>
        <DataModeBadge isLive={isLive} />
      </PageTitle>
      <Paper withBorder radius="lg" p="md">
        <Group mb="sm">
          <Select
            label={t("chargebacks.fields.status")}
            placeholder={t("chargebacks.allStatuses")}
            data={CHARGEBACK_STATUSES.map((s) => ({ value: s, label: t(`chargebacks.statuses.${s}`) }))}
            value={status ?? null}
            onChange={(v) => setSearch({ ...search, page: undefined, status: v ?? undefined })}
            clearable
            data-testid="chargeback-status-filter"
          />
        </Group>
        <DataTable
          label={t("chargebacks.tableLabel")}
          testId="chargebacks-table"
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
          emptyText={t("chargebacks.empty")}
        />
      </Paper>
    </Stack>
  );
}
