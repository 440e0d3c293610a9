import { Stack, Text } from "@mantine/core";
import { MERCHANT_STATUSES, type PartnerMerchant } from "@portal/domain/api/merchants";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type PartnerMerchantQuery, usePartnerMerchants } from "../../api/merchants.api.ts";
import { DataTable } from "../../components/list/DataTable.tsx";
import { type FilterField, FiltersPanel } from "../../components/list/FiltersPanel.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { filtersOf, withFilters } from "../../lib/tableSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { MerchantStatusBadge } from "./MerchantBadges.tsx";

const PARTNER_FILTERS = ["id", "status"] as const;

/**
 * The partner's landing (docs/backoffice.md "Partners"): the merchants that joined through the partner
 * (merchants.partner_id), newest first, with their bank, status and live date; filters merchant id and status,
 * paging in the URL. Read only: their bank reviews them.
 */
export function PartnerMerchants() {
  const { t } = useTranslation();
  const { dateTime, date } = useDateFormat();
  const { search, setSearch, paging } = useTableSearch("/{-$lang}/app/merchants");
  const query: PartnerMerchantQuery = {
    page: paging.page,
    page_size: paging.pageSize,
    ...(search.id ? { id: Number(search.id) } : {}),
    ...(search.status ? { status: search.status as PartnerMerchantQuery["status"] } : {}),
  };
  const list = usePartnerMerchants(query);

  const fields: FilterField[] = useMemo(
    () => [
      { key: "id", kind: "number" },
      {
        key: "status",
        kind: "select",
        options: MERCHANT_STATUSES.map((s) => ({ value: s, label: t(`merchants.status.${s}`) })),
      },
    ],
    [t],
  );

  const columns = useMemo<ColumnDef<PartnerMerchant>[]>(
    () => [
      { id: "id", header: t("merchants.columns.id"), cell: ({ row }) => row.original.id },
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
      { id: "country", header: t("merchants.fields.country"), cell: ({ row }) => row.original.country },
      {
        id: "bank_name",
        header: t("merchants.partner.bank"),
        cell: ({ row }) => row.original.bank_name ?? "—",
      },
      {
        id: "bank_merchant_status",
        header: t("merchants.columns.bank_merchant_status"),
        cell: ({ row }) => <MerchantStatusBadge status={row.original.bank_merchant_status} />,
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
    ],
    [t, dateTime, date],
  );

  const filterValues = filtersOf(search, PARTNER_FILTERS);
  return (
    <Stack gap="lg" data-testid="partner-merchants-page">
      <PageTitle title={t("nav.merchants")} />
      <Text c="dimmed">{t("merchants.partner.intro")}</Text>
      <FiltersPanel
        key={JSON.stringify(filterValues)}
        testId="partner-merchant-filters"
        fields={fields}
        values={filterValues}
        label={(key) => t(`merchants.filters.${key as "id"}`)}
        onApply={(next) => setSearch(withFilters(search, PARTNER_FILTERS, next))}
      />
      <section aria-labelledby="partner-merchants-title">
        <Text component="h2" fw={700} size="lg" mb="xs" id="partner-merchants-title">
          {t("merchants.partner.summary")}
        </Text>
        <DataTable
          label={t("merchants.partner.label")}
          testId="partner-merchants-table"
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
    </Stack>
  );
}
