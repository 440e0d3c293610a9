import "@mantine/dates/styles.css";
import { Button, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { TransactionListItem } from "@portal/domain/api/transactions";
import { CURRENCIES } from "@portal/domain/currencies";
import { GATEWAY_TYPES } from "@portal/domain/gateways";
import {
  ORIGINS,
  TRANSACTION_SORTS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "@portal/domain/transaction-types";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useTransactionList } from "../../api/transactions.api.ts";
import { AnchorLink, ButtonLink } from "../../components/links.tsx";
import type { ColumnMeta } from "../../components/list/DataTable.tsx";
import type { FilterField } from "../../components/list/FiltersPanel.tsx";
import { ListScreen } from "../../components/list/ListScreen.tsx";
import { useListScreen } from "../../components/list/useListScreen.ts";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { useLabels } from "../../i18n/useLabels.ts";
import { money } from "../../lib/money.ts";
import { TRANSACTION_FILTERS } from "../../lib/tableSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { ResendRangeModal } from "./ResendRangeModal.tsx";
import { TotalsHeader } from "./TotalsHeader.tsx";

/** Transactions: totals header, filters, the summary table, exports and callback resends (issue 4). */
export default function TransactionsPage() {
  const { t } = useTranslation();
  const state = useListScreen("/{-$lang}/app/transactions", TRANSACTION_SORTS);
  const { lang, view, isLive, isMerchant, search, sort } = state;
  const { dateTime } = useDateFormat();
  const list = useTransactionList(view, { ...search, sort }, isLive);
  const [resendOpen, resendDialog] = useDisclosure(false);
  const labels = useLabels();

  const fields: FilterField[] = useMemo(() => {
    const opts = (values: readonly string[], prefix?: "status" | "trnxTypes" | "origins") =>
      values.map((v) => ({
        value: v,
        label: prefix ? t(`transactions.${prefix}.${v}` as "transactions.status.success") : v,
      }));
    const all: FilterField[] = [
      { key: "id", kind: "number" },
      { key: "order_id", kind: "number" },
      { key: "merchant_order_id", kind: "text" },
      { key: "created_by", kind: "text" },
      { key: "currency", kind: "select", options: opts(CURRENCIES) },
      { key: "other_references", kind: "text" },
      { key: "integration_id", kind: "number" },
      { key: "status", kind: "select", options: opts(TRANSACTION_STATUSES, "status") },
      { key: "amount_from", kind: "amount" },
      { key: "amount_to", kind: "amount" },
      { key: "wallet_msisdn", kind: "text" },
      { key: "phone_number", kind: "text" },
      { key: "is_installment", kind: "bool" },
      { key: "is_discounted", kind: "bool" },
      {
        key: "type",
        kind: "select",
        options: GATEWAY_TYPES.map((v) => ({ value: v, label: labels.code("gateways", v) ?? v })),
      },
      { key: "trnx_type", kind: "select", options: opts(TRANSACTION_TYPES, "trnxTypes") },
      { key: "origin", kind: "select", options: opts(ORIGINS, "origins") },
      { key: "customer_name", kind: "text" },
      { key: "customer_email", kind: "text" },
      { key: "card_last4", kind: "last4" },
      { key: "is_split_paid", kind: "bool" },
    ];
    return isMerchant ? all : [...all, { key: "merchant_id", kind: "number" }];
  }, [t, isMerchant, labels]);

  const columns = useMemo<ColumnDef<TransactionListItem>[]>(() => {
    const cols: ColumnDef<TransactionListItem>[] = [
      {
        id: "id",
        header: t("transactions.columns.id"),
        meta: { sortable: true } satisfies ColumnMeta,
        cell: ({ row }) => (
          <AnchorLink
            to="/{-$lang}/transactions/$id"
            params={{ lang, id: String(row.original.id) }}
            aria-label={t("transactions.table.open", { id: row.original.id })}
            data-testid="tx-link"
          >
            {row.original.id}
          </AnchorLink>
        ),
      },
      {
        id: "created_at",
        header: t("transactions.columns.created_at"),
        meta: { sortable: true } satisfies ColumnMeta,
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "amount_cents",
        header: t("transactions.columns.amount_cents"),
        meta: { sortable: true, numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => (
          <span data-testid="tx-amount">{money(row.original.amount_cents, row.original.currency, lang)}</span>
        ),
      },
      {
        id: "type",
        header: t("transactions.columns.type"),
        cell: ({ row }) => labels.code("gateways", row.original.type),
      },
      {
        id: "trnx_type",
        header: t("transactions.columns.trnx_type"),
        cell: ({ row }) => labels.trnxType(row.original.trnx_type),
      },
      {
        id: "status",
        header: t("transactions.columns.status"),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: "order_id",
        header: t("transactions.columns.order_id"),
        meta: { numeric: true },
        cell: ({ row }) => row.original.order_id ?? "—",
      },
      {
        id: "merchant_order_id",
        header: t("transactions.columns.merchant_order_id"),
        cell: ({ row }) => row.original.merchant_order_id ?? "—",
      },
      {
        id: "origin",
        header: t("transactions.columns.origin"),
        cell: ({ row }) => labels.origin(row.original.origin),
      },
      {
        id: "source",
        header: t("transactions.columns.source"),
        cell: ({ row }) => (
          <bdi dir="ltr">{row.original.card_number ?? row.original.wallet_msisdn ?? "—"}</bdi>
        ),
      },
      {
        id: "customer",
        header: t("transactions.columns.customer"),
        cell: ({ row }) => row.original.customer_name ?? row.original.customer_email ?? "—",
      },
    ];
    if (!isMerchant) {
      cols.splice(1, 0, {
        id: "merchant",
        header: t("transactions.columns.merchant"),
        cell: ({ row }) =>
          row.original.merchant ? (
            <span data-testid="tx-merchant">
              {row.original.merchant.name}{" "}
              <Text span c="dimmed" size="xs">
                #{row.original.merchant.id}
              </Text>
            </span>
          ) : (
            "—"
          ),
      });
      cols.splice(2, 0, {
        id: "mcc",
        header: t("transactions.columns.mcc"),
        cell: ({ row }) => row.original.merchant?.mcc ?? "—",
      });
    }
    return cols;
  }, [t, lang, dateTime, isMerchant, labels]);

  return (
    <ListScreen
      section="transactions"
      state={state}
      actions={
        <>
          {isMerchant ? (
            <ButtonLink
              variant="default"
              to="/{-$lang}/request-to-pay"
              params={{ lang }}
              data-testid="request-to-pay-open"
            >
              {t("nav.requestToPay")}
            </ButtonLink>
          ) : null}
          <Button variant="default" onClick={resendDialog.open} data-testid="resend-range-open">
            {t("transactions.actions.resendRange")}
          </Button>
        </>
      }
      Totals={TotalsHeader}
      filters={{ names: TRANSACTION_FILTERS, fields }}
      columns={columns}
      list={list}
    >
      {isMerchant ? (
        <ResendRangeModal opened={resendOpen} onClose={resendDialog.close} isLive={isLive} />
      ) : null}
    </ListScreen>
  );
}
