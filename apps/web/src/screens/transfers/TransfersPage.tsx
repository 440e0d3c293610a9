import { Stack, Text } from "@mantine/core";
import type { TransferItem } from "@portal/domain/api/transfers";
import { CURRENCIES } from "@portal/domain/currencies";
import { TRANSFER_STATUSES, type TransferStatus } from "@portal/domain/transfer";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type TransferListParams, useTransferList } from "../../api/transfers.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { type FilterField, FiltersPanel } from "../../components/list/FiltersPanel.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useViewMode, viewpointOf } from "../../live/viewpoint.ts";
import { TransferBalance } from "./TransferBalance.tsx";
import { TransferStatusBadge } from "./TransferStatusBadge.tsx";

const SORTS = ["-day", "day", "-net_cents", "net_cents", "-id", "id"] as const;
type Sort = (typeof SORTS)[number];
const SORT_COLUMNS: Record<string, string> = { date: "day", amount: "net_cents", id: "id" };

/**
 * Transfers (back-office.md "Transfers"): the merchant's balance header, filters and the summary table of its
 * transfers, one per currency and day; a bank user sees the live transfers of its bank's merchants.
 */
export default function TransfersPage() {
  const { t } = useTranslation();
  const { lang, session } = useDashboard();
  const view = viewpointOf(session.type);
  const isMerchant = view === "merchant";
  const { isLive } = useViewMode(view);
  const [params, setParams] = useState<TransferListParams>({ page: 1, page_size: 10, sort: "-day" });
  const list = useTransferList(view, isLive, params);

  const fields: FilterField[] = useMemo(() => {
    const all: FilterField[] = [
      {
        key: "status",
        kind: "select",
        options: TRANSFER_STATUSES.map((s) => ({ value: s, label: t(`transfers.status.${s}`) })),
      },
      { key: "currency", kind: "select", options: CURRENCIES.map((c) => ({ value: c, label: c })) },
    ];
    return isMerchant ? all : [...all, { key: "merchant_id", kind: "number" }];
  }, [t, isMerchant]);

  const columns = useMemo<ColumnDef<TransferItem>[]>(() => {
    const amount = (key: keyof TransferItem & `${string}_cents`, id: string, sortable = false) =>
      ({
        id,
        header: t(`transfers.columns.${id as "amount"}`),
        meta: { numeric: true, sortable } satisfies ColumnMeta,
        cell: ({ row }) => money(row.original[key], row.original.currency, lang),
      }) satisfies ColumnDef<TransferItem>;
    const cols: ColumnDef<TransferItem>[] = [
      {
        id: "id",
        header: t("transfers.columns.id"),
        meta: { sortable: true } satisfies ColumnMeta,
        cell: ({ row }) => (
          <AnchorLink
            to="/{-$lang}/transfers/$id"
            params={{ lang, id: String(row.original.id) }}
            data-testid="transfer-link"
          >
            {row.original.id}
          </AnchorLink>
        ),
      },
      {
        id: "date",
        header: t("transfers.columns.date"),
        meta: { sortable: true } satisfies ColumnMeta,
        cell: ({ row }) => <bdi dir="ltr">{row.original.date}</bdi>,
      },
      amount("amount_cents", "amount", true),
      { id: "currency", header: t("transfers.columns.currency"), cell: ({ row }) => row.original.currency },
      {
        id: "status",
        header: t("transfers.columns.status"),
        cell: ({ row }) => <TransferStatusBadge status={row.original.status} />,
      },
      amount("gross_amount_cents", "gross"),
      amount("refunded_amount_cents", "refunded"),
      amount("chargeback_amount_cents", "chargebacks"),
      amount("fees_cents", "fees"),
      amount("vat_cents", "vat"),
      {
        id: "transactions",
        header: t("transfers.columns.transactions"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => row.original.number_of_transactions,
      },
      {
        id: "bank",
        header: t("transfers.columns.bank"),
        cell: ({ row }) =>
          row.original.bank_account ? (
            <span>
              {row.original.bank_name ? `${row.original.bank_name} ` : ""}
              <bdi dir="ltr">{row.original.bank_account}</bdi>
            </span>
          ) : (
            "—"
          ),
      },
    ];
    if (!isMerchant)
      cols.splice(1, 0, {
        id: "merchant",
        header: t("transfers.columns.merchant"),
        cell: ({ row }) =>
          row.original.merchant ? `${row.original.merchant.name} #${row.original.merchant.id}` : "—",
      });
    return cols;
  }, [t, lang, isMerchant]);

  // The table names its sort by column id; the API by field.
  const tableSort = (() => {
    const desc = params.sort.startsWith("-");
    const field = params.sort.replace("-", "");
    const column = Object.entries(SORT_COLUMNS).find(([, f]) => f === field)?.[0] ?? "date";
    return `${desc ? "-" : ""}${column}`;
  })();
  const onSort = (sort: string | undefined) => {
    if (!sort) return setParams({ ...params, page: 1, sort: "-day" });
    const desc = sort.startsWith("-");
    const field = SORT_COLUMNS[sort.replace("-", "")] ?? "day";
    const next = `${desc ? "-" : ""}${field}` as Sort;
    setParams({ ...params, page: 1, sort: SORTS.includes(next) ? next : "-day" });
  };

  const filterValues: Record<string, string> = {};
  if (params.status) filterValues.status = params.status;
  if (params.currency) filterValues.currency = params.currency;
  if (params.merchant_id) filterValues.merchant_id = String(params.merchant_id);

  return (
    <Stack gap="lg" data-testid="transfers-page" data-view={view}>
      <PageTitle title={t("nav.transfers")}>
        <DataModeBadge isLive={isMerchant ? isLive : true} />
      </PageTitle>
      {isMerchant ? <TransferBalance isLive={isLive} lang={lang} /> : null}
      <FiltersPanel
        key={JSON.stringify(filterValues)}
        testId="transfer-filters"
        fields={fields}
        values={filterValues}
        label={(key) => t(`transfers.filters.${key as "status"}`)}
        onApply={(next) =>
          setParams({
            ...params,
            page: 1,
            status: (next.status || undefined) as TransferStatus | undefined,
            currency: next.currency || undefined,
            merchant_id: next.merchant_id ? Number(next.merchant_id) : undefined,
          })
        }
      />
      <section aria-labelledby="transfers-summary-title">
        <Text component="h2" fw={700} size="lg" mb="xs" id="transfers-summary-title">
          {t("transfers.summary")}
        </Text>
        <DataTable
          label={t("transfers.table.label")}
          testId="transfers-table"
          columns={columns}
          rows={list.data?.results}
          count={list.data?.count ?? 0}
          page={params.page}
          pageSize={params.page_size}
          onPage={(page) => setParams({ ...params, page })}
          onPageSize={(size) => setParams({ ...params, page: 1, page_size: size })}
          sort={tableSort}
          onSort={onSort}
          loading={list.isPending || list.isPlaceholderData}
          error={list.isError}
          onRetry={() => void list.refetch()}
          rowId={(row) => String(row.id)}
          emptyText={t("transfers.table.empty")}
        />
      </section>
    </Stack>
  );
}
