import "@mantine/dates/styles.css";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { MERCHANT_STATUSES, type MerchantListItem } from "@portal/domain/api/merchants";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type MerchantListQuery, useMerchantList } from "../../api/merchants.api.ts";
import { DatesLocale } from "../../components/DatesLocale.tsx";
import { AnchorLink, ButtonLink } from "../../components/links.tsx";
import { DataTable } from "../../components/list/DataTable.tsx";
import { type FilterField, FiltersPanel } from "../../components/list/FiltersPanel.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { ExportDialog } from "../../exports/ExportDialog.tsx";
import { ExportHistory } from "../../exports/ExportHistory.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { MERCHANT_FILTERS } from "../../lib/merchantSearch.ts";
import { filtersOf, withFilters } from "../../lib/tableSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { AddMerchantModal } from "./AddMerchantModal.tsx";
import { MerchantStatusBadge, ProductApprovalBadge, SuspiciousBadge } from "./MerchantBadges.tsx";
import { MerchantsTotals } from "./MerchantsTotals.tsx";
import { PartnerMerchants } from "./PartnerMerchants.tsx";

/**
 * The merchants summary, the bank's landing (back-office.md section 2): the totals header by payment method, the
 * filters (merchant id, category, status), the table with paging in the URL, Add, and the Excel export with its
 * list. A bank sees its own merchants only (the server's scope).
 */
export default function MerchantsPage() {
  const { session } = useDashboard();
  // A partner follows the merchants it brought (merchants.partner_id); a bank reviews its own.
  return session.type === "Partner" ? <PartnerMerchants /> : <BankMerchants />;
}

function BankMerchants() {
  const { t } = useTranslation();
  const { lang, session } = useDashboard();
  const { dateTime, date } = useDateFormat();
  const { search, setSearch, paging } = useTableSearch("/{-$lang}/app/merchants");
  const [exportOpen, exportDialog] = useDisclosure(false);
  const [addOpen, addDialog] = useDisclosure(false);
  const canAdd = session.permNames.includes("can add merchants");
  const canReview = session.permNames.includes("can review merchants");
  const query: MerchantListQuery = {
    page: paging.page,
    page_size: paging.pageSize,
    ...(search.id ? { id: Number(search.id) } : {}),
    ...(search.mcc ? { mcc: String(search.mcc) } : {}),
    ...(search.status ? { status: search.status as MerchantListQuery["status"] } : {}),
  };
  const list = useMerchantList(query);

  const fields: FilterField[] = useMemo(
    () => [
      { key: "id", kind: "number" },
      { key: "mcc", kind: "number" },
      {
        key: "status",
        kind: "select",
        options: MERCHANT_STATUSES.map((s) => ({ value: s, label: t(`merchants.status.${s}`) })),
      },
    ],
    [t],
  );

  const columns = useMemo<ColumnDef<MerchantListItem>[]>(
    () => [
      {
        id: "id",
        header: t("merchants.columns.id"),
        cell: ({ row }) => (
          <AnchorLink
            to="/{-$lang}/merchants/$id"
            params={{ lang, id: String(row.original.id) }}
            data-testid="merchant-link"
          >
            {row.original.id}
          </AnchorLink>
        ),
      },
      {
        id: "company_name",
        header: t("merchants.columns.company_name"),
        cell: ({ row }) => row.original.company_name,
      },
      {
        id: "created_at",
        header: t("merchants.columns.created_at"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "bank_merchant_status",
        header: t("merchants.columns.bank_merchant_status"),
        cell: ({ row }) => <MerchantStatusBadge status={row.original.bank_merchant_status} />,
      },
      {
        id: "digital_status",
        header: t("merchants.columns.digital_status"),
        cell: ({ row }) => <MerchantStatusBadge status={row.original.digital_status} digital />,
      },
      {
        id: "card_approval_status",
        header: t("merchants.columns.card_approval_status"),
        cell: ({ row }) => <ProductApprovalBadge product="card" status={row.original.card_approval_status} />,
      },
      {
        id: "qr_approval_status",
        header: t("merchants.columns.qr_approval_status"),
        cell: ({ row }) => <ProductApprovalBadge product="qr" status={row.original.qr_approval_status} />,
      },
      {
        id: "suspicious",
        header: t("merchants.columns.suspicious"),
        cell: ({ row }) => <SuspiciousBadge value={row.original.suspicious} />,
      },
      {
        id: "is_live",
        header: t("merchants.columns.is_live"),
        cell: ({ row }) => (row.original.is_live ? t("merchants.yes") : t("merchants.no")),
      },
      {
        id: "live_date",
        header: t("merchants.columns.live_date"),
        cell: ({ row }) => (row.original.live_date ? date(row.original.live_date) : "—"),
      },
      { id: "mcc", header: t("merchants.columns.mcc"), cell: ({ row }) => row.original.mcc ?? "—" },
      {
        id: "successful_transactions",
        header: t("merchants.columns.successful_transactions"),
        meta: { numeric: true },
        cell: ({ row }) =>
          row.original.successful_transactions.toLocaleString(lang === "ar" ? "ar-EG" : "en-US"),
      },
      {
        id: "transactions",
        header: t("merchants.columns.transactions"),
        cell: ({ row }) => (
          <ButtonLink
            size="compact-sm"
            variant="light"
            to="/{-$lang}/transactions"
            params={{ lang }}
            search={{ merchant_id: String(row.original.id) }}
            data-testid="merchant-transactions"
            aria-label={t("merchants.transactionsOf", { name: row.original.company_name })}
          >
            {t("merchants.columns.transactions")}
          </ButtonLink>
        ),
      },
    ],
    [t, lang, dateTime, date],
  );

  const filterValues = filtersOf(search, MERCHANT_FILTERS);
  return (
    <DatesLocale>
      <Stack gap="lg" data-testid="merchants-page">
        <PageTitle title={t("nav.merchants")}>
          <Group gap="xs">
            {canReview ? (
              <ButtonLink
                to="/{-$lang}/merchant-admin"
                params={{ lang }}
                variant="default"
                data-testid="merchant-admin-link"
              >
                {t("nav.merchantAdmin")}
              </ButtonLink>
            ) : null}
            {canAdd ? (
              <Button variant="default" onClick={addDialog.open} data-testid="merchant-add-open">
                {t("merchants.add.open")}
              </Button>
            ) : null}
            <Button onClick={exportDialog.open} data-testid="export-open">
              {t("exports.open")}
            </Button>
          </Group>
        </PageTitle>
        <MerchantsTotals
          lang={lang}
          from={search.totals_from}
          to={search.totals_to}
          onRange={(from, to) => setSearch({ ...search, totals_from: from, totals_to: to })}
        />
        <FiltersPanel
          key={JSON.stringify(filterValues)}
          testId="merchant-filters"
          fields={fields}
          values={filterValues}
          label={(key) => t(`merchants.filters.${key as "id"}`)}
          onApply={(next) => setSearch(withFilters(search, MERCHANT_FILTERS, next))}
        />
        <section aria-labelledby="merchants-summary-title">
          <Text component="h2" fw={700} size="lg" mb="xs" id="merchants-summary-title">
            {t("merchants.summary")}
          </Text>
          <DataTable
            label={t("merchants.table.label")}
            testId="merchants-table"
            columns={columns}
            rows={list.data?.results}
            count={list.data?.count ?? 0}
            {...paging}
            sort={undefined}
            loading={list.isPending || list.isPlaceholderData}
            error={list.isError}
            onRetry={() => void list.refetch()}
            rowId={(row) => String(row.id)}
            emptyText={t("merchants.table.empty")}
          />
        </section>
        <ExportHistory />
        <ExportDialog opened={exportOpen} onClose={exportDialog.close} kind="merchants" isLive />
        {canAdd ? <AddMerchantModal opened={addOpen} onClose={addDialog.close} /> : null}
      </Stack>
    </DatesLocale>
  );
}
