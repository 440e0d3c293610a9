import { Alert, Button, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { MERCHANT_STAGES, type MerchantListItem, type MerchantStage } from "@portal/domain/api/merchants";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useMerchantList, useMerchantOverview } from "../../api/merchants.api.ts";
import { AnchorLink } from "../../components/links.tsx";
import { DataTable } from "../../components/list/DataTable.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { MerchantStatusBadge } from "./MerchantBadges.tsx";

const ALL = "all";

/**
 * The merchant admin page (back-office.md section 2): totals of merchants, transactions and revenue share, and
 * the merchants by stage (In the Onboarding Process, Pending Verification, Live, Rejected). Users without
 * "can review merchants" get the no-permission page (navigation/screens.ts).
 */
const count = (n: number, lang: string) => n.toLocaleString(lang === "ar" ? "ar-EG" : "en-US");

export default function MerchantAdminPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const { search, setSearch, paging } = useTableSearch("/{-$lang}/app/merchant-admin");
  const stage = (search.stage as MerchantStage | undefined) ?? undefined;
  const overview = useMerchantOverview(stage);
  const list = useMerchantList({
    page: paging.page,
    page_size: paging.pageSize,
    ...(stage ? { stage } : {}),
  });

  const columns = useMemo<ColumnDef<MerchantListItem>[]>(
    () => [
      {
        id: "id",
        header: t("merchants.columns.id"),
        cell: ({ row }) => (
          <AnchorLink to="/{-$lang}/merchants/$id" params={{ lang, id: String(row.original.id) }}>
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
        id: "stage",
        header: t("merchants.admin.stage"),
        cell: ({ row }) => (row.original.stage ? t(`merchants.stages.${row.original.stage}`) : "—"),
      },
      {
        id: "bank_merchant_status",
        header: t("merchants.columns.bank_merchant_status"),
        cell: ({ row }) => <MerchantStatusBadge status={row.original.bank_merchant_status} />,
      },
      {
        id: "created_at",
        header: t("merchants.columns.created_at"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "successful_transactions",
        header: t("merchants.columns.successful_transactions"),
        meta: { numeric: true },
        cell: ({ row }) => count(row.original.successful_transactions, lang),
      },
    ],
    [t, lang, dateTime],
  );

  const o = overview.data;
  return (
    <Stack gap="lg" data-testid="merchant-admin-page">
      <PageTitle title={t("nav.merchantAdmin")} />
      <SegmentedControl
        aria-label={t("merchants.admin.stageFilter")}
        value={stage ?? ALL}
        onChange={(value) =>
          setSearch({ ...search, page: undefined, stage: value === ALL ? undefined : value })
        }
        data={[
          { value: ALL, label: t("merchants.admin.all") },
          ...MERCHANT_STAGES.map((s) => ({ value: s, label: t(`merchants.stages.${s}`) })),
        ]}
        data-testid="merchant-stage-filter"
      />
      {overview.isError ? (
        <Alert color="red" role="alert">
          {t("transactions.table.errorBody")}{" "}
          <Button variant="subtle" size="compact-sm" onClick={() => void overview.refetch()}>
            {t("transactions.table.retry")}
          </Button>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="merchant-admin-totals">
          <Paper withBorder p="md" radius="lg">
            <Text size="sm" c="dimmed">
              {t("merchants.admin.merchants")}
            </Text>
            {o ? (
              <Text
                fw={700}
                size="xl"
                data-testid="admin-total-merchants"
                data-value={stage ? o.merchants[stage] : o.merchants.total}
              >
                {count(stage ? o.merchants[stage] : o.merchants.total, lang)}
              </Text>
            ) : (
              <Skeleton height={28} />
            )}
          </Paper>
          <Paper withBorder p="md" radius="lg">
            <Text size="sm" c="dimmed">
              {t("merchants.admin.transactions")}
            </Text>
            {o ? (
              <Text fw={700} size="xl" data-testid="admin-total-transactions">
                {count(o.transactions, lang)}
              </Text>
            ) : (
              <Skeleton height={28} />
            )}
          </Paper>
          <Paper withBorder p="md" radius="lg">
            <Text size="sm" c="dimmed">
              {t("merchants.admin.revenueShare")}
            </Text>
            {o ? (
              <Stack gap={0} data-testid="admin-revenue-share">
                {o.revenue_share.length === 0 ? (
                  <Text fw={700} size="xl">
                    {money(0, "EGP", lang)}
                  </Text>
                ) : (
                  o.revenue_share.map((r) => (
                    <Text key={r.currency} fw={700} size="xl">
                      {money(r.amount_cents, r.currency, lang)}
                    </Text>
                  ))
                )}
              </Stack>
            ) : (
              <Skeleton height={28} />
            )}
          </Paper>
        </SimpleGrid>
      )}
      <section aria-labelledby="merchant-admin-list">
        <Text component="h2" fw={700} size="lg" mb="xs" id="merchant-admin-list">
          {t("merchants.summary")}
        </Text>
        <DataTable
          label={t("merchants.table.label")}
          testId="merchant-admin-table"
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
