import "@mantine/dates/styles.css";
import { Button, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { CURRENCIES } from "@portal/domain/currencies";
import { ORDER_DISPLAY_STATUSES } from "@portal/domain/orders";
import { ORDER_SORTS, type OrderListItem } from "@portal/domain/workspace-api";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useOrderList } from "../../api/orders.api.ts";
import { AnchorLink } from "../../components/links.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { ExportDialog } from "../exports/ExportDialog.tsx";
import { ExportHistory } from "../exports/ExportHistory.tsx";
import { DataModeBadge } from "../transactions/DataModeBadge.tsx";
import { type ColumnMeta, DataTable } from "../transactions/DataTable.tsx";
import { DatesLocale } from "../transactions/DatesLocale.tsx";
import { type FilterField, FiltersPanel } from "../transactions/FiltersPanel.tsx";
import { money, viewpointOf } from "../transactions/format.ts";
import { PageTitle } from "../transactions/PageTitle.tsx";
import { filtersOf, ORDER_FILTERS, withFilters } from "../transactions/tableSearch.ts";
import { useTableSearch } from "../transactions/useTableSearch.ts";
import { useViewMode } from "../transactions/useViewMode.ts";
import { OrderStatusBadge } from "./OrderStatusBadge.tsx";
import { OrdersTotals } from "./OrdersTotals.tsx";

const SORTABLE = new Set(ORDER_SORTS.map((s) => s.replace(/^-/, "")));

/** Orders: total processed header (by payment method for banks), filters, summary table and export (spec section 2). */
export default function OrdersPage() {
  const { t } = useTranslation();
  const { lang, session } = useDashboard();
  const view = viewpointOf(session.type);
  const { isLive } = useViewMode(view);
  const { dateTime } = useDateFormat();
  const { search, setSearch } = useTableSearch("/{-$lang}/app/orders");
  const sort = search.sort && SORTABLE.has(search.sort.replace(/^-/, "")) ? search.sort : undefined;
  const list = useOrderList(view, { ...search, sort }, isLive);
  const [exportOpen, exportDialog] = useDisclosure(false);
  const isMerchant = view === "merchant";

  const fields: FilterField[] = useMemo(() => {
    const all: FilterField[] = [
      { key: "id", kind: "number" },
      { key: "merchant_order_id", kind: "text" },
      { key: "created_by", kind: "text" },
      { key: "currency", kind: "select", options: CURRENCIES.map((c) => ({ value: c, label: c })) },
      {
        key: "status",
        kind: "select",
        options: ORDER_DISPLAY_STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}`) })),
      },
      { key: "delivery_needed", kind: "bool" },
      { key: "source", kind: "text" },
      { key: "amount_from", kind: "amount" },
      { key: "amount_to", kind: "amount" },
    ];
    return isMerchant ? all : [...all, { key: "merchant_id", kind: "number" }];
  }, [t, isMerchant]);

  const columns = useMemo<ColumnDef<OrderListItem>[]>(() => {
    const cols: ColumnDef<OrderListItem>[] = [
      {
        id: "id",
        header: t("orders.columns.id"),
        meta: { sortable: true } satisfies ColumnMeta,
        cell: ({ row }) => (
          <AnchorLink
            to="/{-$lang}/orders/$id"
            params={{ lang, id: String(row.original.id) }}
            data-testid="order-link"
          >
            {row.original.id}
          </AnchorLink>
        ),
      },
      {
        id: "created_at",
        header: t("orders.columns.created_at"),
        meta: { sortable: true } satisfies ColumnMeta,
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "merchant_order_id",
        header: t("orders.columns.merchant_order_id"),
        cell: ({ row }) => row.original.merchant_order_id ?? "—",
      },
      {
        id: "amount_cents",
        header: t("orders.columns.amount_cents"),
        meta: { sortable: true, numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => money(row.original.amount_cents, row.original.currency, lang),
      },
      {
        id: "paid",
        header: t("orders.columns.paid"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => money(row.original.paid_amount_cents, row.original.currency, lang),
      },
      {
        id: "status",
        header: t("orders.columns.status"),
        cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
      },
      {
        id: "created_by",
        header: t("orders.columns.created_by"),
        cell: ({ row }) => row.original.created_by ?? "—",
      },
      { id: "source", header: t("orders.columns.source"), cell: ({ row }) => row.original.source },
      {
        id: "delivery_needed",
        header: t("orders.columns.delivery_needed"),
        cell: ({ row }) =>
          row.original.delivery_needed ? t("transactions.filters.yes") : t("transactions.filters.no"),
      },
    ];
    if (!isMerchant)
      cols.splice(1, 0, {
        id: "merchant",
        header: t("orders.columns.merchant"),
        cell: ({ row }) =>
          row.original.merchant ? `${row.original.merchant.name} #${row.original.merchant.id}` : "—",
      });
    return cols;
  }, [t, lang, dateTime, isMerchant]);

  const filterValues = filtersOf(search, ORDER_FILTERS);

  return (
    <DatesLocale>
      <Stack gap="lg" data-testid="orders-page" data-view={view}>
        <PageTitle title={t("nav.orders")}>
          <DataModeBadge isLive={isLive} />
          {isMerchant ? (
            <Button onClick={exportDialog.open} data-testid="export-open">
              {t("exports.open")}
            </Button>
          ) : null}
        </PageTitle>
        <OrdersTotals
          view={view}
          isLive={isLive}
          lang={lang}
          from={search.totals_from}
          to={search.totals_to}
          onRange={(from, to) => setSearch({ ...search, totals_from: from, totals_to: to })}
        />
        <FiltersPanel
          key={JSON.stringify(filterValues)}
          testId="order-filters"
          fields={fields}
          values={filterValues}
          label={(key) => t(`orders.filters.${key as "id"}`)}
          onApply={(next) => setSearch(withFilters(search, ORDER_FILTERS, next))}
        />
        <section aria-labelledby="orders-summary-title">
          <Text component="h2" fw={700} size="lg" mb="xs" id="orders-summary-title">
            {t("orders.summary")}
          </Text>
          <DataTable
            label={t("orders.table.label")}
            testId="orders-table"
            columns={columns}
            rows={list.data?.results}
            count={list.data?.count ?? 0}
            page={search.page ?? 1}
            pageSize={search.page_size ?? 10}
            sort={sort}
            loading={list.isPending || list.isPlaceholderData}
            error={list.isError}
            onRetry={() => void list.refetch()}
            onPage={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
            onPageSize={(size) =>
              setSearch({ ...search, page: undefined, page_size: size === 10 ? undefined : size })
            }
            onSort={(next) => setSearch({ ...search, page: undefined, sort: next })}
            rowId={(row) => String(row.id)}
            emptyText={t("orders.table.empty")}
          />
        </section>
        {isMerchant ? (
          <>
            <ExportHistory />
            <ExportDialog opened={exportOpen} onClose={exportDialog.close} kind="orders" isLive={isLive} />
          </>
        ) : null}
      </Stack>
    </DatesLocale>
  );
}
