import "@mantine/dates/styles.css";
import type { OrderListItem } from "@portal/domain/api/orders";
import { CURRENCIES } from "@portal/domain/currencies";
import { ORDER_DISPLAY_STATUSES, ORDER_SORTS } from "@portal/domain/orders";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useOrderList } from "../../api/orders.api.ts";
import { AnchorLink } from "../../components/links.tsx";
import type { ColumnMeta } from "../../components/list/DataTable.tsx";
import type { FilterField } from "../../components/list/FiltersPanel.tsx";
import { ListScreen } from "../../components/list/ListScreen.tsx";
import { useListScreen } from "../../components/list/useListScreen.ts";
import { money } from "../../lib/money.ts";
import { ORDER_FILTERS } from "../../lib/tableSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { OrderStatusBadge } from "./OrderStatusBadge.tsx";
import { OrdersTotals } from "./OrdersTotals.tsx";

/** Orders: total processed header (by payment method for banks), filters, summary table and export (spec section 2). */
export default function OrdersPage() {
  const { t } = useTranslation();
  const state = useListScreen("/{-$lang}/app/orders", ORDER_SORTS);
  const { lang, view, isLive, isMerchant, search, sort } = state;
  const { dateTime } = useDateFormat();
  const list = useOrderList(view, { ...search, sort }, isLive);

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

  return (
    <ListScreen
      section="orders"
      state={state}
      Totals={OrdersTotals}
      filters={{ names: ORDER_FILTERS, fields }}
      columns={columns}
      list={list}
    />
  );
}
