import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import type { InvoiceListItem } from "@portal/domain/api/invoices";
import type { ColumnDef } from "@tanstack/react-table";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useInvoiceList } from "../../api/invoices.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { AnchorLink, ButtonLink } from "../../components/links.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useViewMode } from "../../live/viewpoint.ts";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge.tsx";

type StatusFilter = "all" | "paid" | "unpaid";

/**
 * Invoices (merchant-dashboard.md section 2): the paid / unpaid filter, a search by merchant invoice id or client,
 * and the summary table, all in the URL (page, page_size, status, search; 10 a page by default).
 */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const { lang, session } = useDashboard();
  const { isLive } = useViewMode("merchant");
  const { dateTime } = useDateFormat();
  const { search, setSearch, paging } = useTableSearch("/{-$lang}/app/invoices");
  const status: StatusFilter = search.status === "paid" || search.status === "unpaid" ? search.status : "all";
  const text = typeof search.search === "string" ? search.search : "";
  const [draft, setDraft] = useState(text);
  const list = useInvoiceList(isLive, {
    page: paging.page,
    pageSize: paging.pageSize,
    status: status === "all" ? undefined : status,
    search: text || undefined,
  });
  const canCreate = session.permNames.includes("can create orders");

  const apply = (next: { status?: StatusFilter; search?: string }) => {
    const s = next.status ?? status;
    const q = (next.search ?? text).trim();
    setSearch({
      page_size: search.page_size,
      ...(s !== "all" ? { status: s } : {}),
      ...(q ? { search: q } : {}),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ search: draft });
  };

  const columns = useMemo<ColumnDef<InvoiceListItem>[]>(
    () => [
      {
        id: "id",
        header: t("invoices.columns.id"),
        cell: ({ row }) => (
          <AnchorLink
            to="/{-$lang}/invoices/$id"
            params={{ lang, id: String(row.original.id) }}
            data-testid="invoice-link"
          >
            {row.original.id}
          </AnchorLink>
        ),
      },
      {
        id: "merchant_invoice_id",
        header: t("invoices.columns.merchant_invoice_id"),
        cell: ({ row }) => row.original.merchant_invoice_id ?? "—",
      },
      {
        id: "client",
        header: t("invoices.columns.client"),
        cell: ({ row }) => row.original.client.full_name ?? "—",
      },
      {
        id: "phone",
        header: t("invoices.columns.phone"),
        cell: ({ row }) => <span dir="ltr">{row.original.client.phone_number ?? "—"}</span>,
      },
      {
        id: "amount",
        header: t("invoices.columns.amount"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => money(row.original.amount_cents, row.original.currency, lang),
      },
      {
        id: "status",
        header: t("invoices.columns.status"),
        cell: ({ row }) => <InvoiceStatusBadge status={row.original.status} />,
      },
      {
        id: "expires_at",
        header: t("invoices.columns.expires_at"),
        cell: ({ row }) => dateTime(row.original.expires_at),
      },
      {
        id: "created_at",
        header: t("invoices.columns.created_at"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "created_by",
        header: t("invoices.columns.created_by"),
        cell: ({ row }) => row.original.created_by ?? "—",
      },
    ],
    [t, lang, dateTime],
  );

  return (
    <Stack gap="lg" data-testid="invoices-page">
      <PageTitle title={t("nav.invoices")}>
        <DataModeBadge isLive={isLive} />
        {canCreate ? (
          <ButtonLink to="/{-$lang}/invoices/new" params={{ lang }} data-testid="invoice-create">
            {t("invoices.create")}
          </ButtonLink>
        ) : null}
      </PageTitle>
      <Paper withBorder p="md" component="form" onSubmit={submit} aria-label={t("invoices.filters.label")}>
        <Group align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="invoice-status-label">
              {t("invoices.filters.status")}
            </Text>
            <SegmentedControl
              aria-labelledby="invoice-status-label"
              value={status}
              onChange={(value) => apply({ status: value as StatusFilter })}
              data={(["all", "paid", "unpaid"] as const).map((s) => ({
                value: s,
                label: t(`invoices.filters.${s}`),
              }))}
              data-testid="invoice-status-filter"
            />
          </Stack>
          <TextInput
            label={t("invoices.filters.search")}
            description={t("invoices.filters.searchHint")}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            maxLength={200}
            style={{ flex: 1, minWidth: 220 }}
            data-testid="invoice-search"
          />
          <Button type="submit" data-testid="invoice-search-apply">
            {t("invoices.filters.apply")}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft("");
              apply({ status: "all", search: "" });
            }}
            data-testid="invoice-search-reset"
          >
            {t("invoices.filters.reset")}
          </Button>
        </Group>
      </Paper>
      <section aria-labelledby="invoices-summary-title">
        <Text component="h2" fw={700} size="lg" mb="xs" id="invoices-summary-title">
          {t("invoices.summary")}
        </Text>
        <DataTable
          label={t("invoices.table.label")}
          testId="invoices-table"
          columns={columns}
          rows={list.data?.results}
          count={list.data?.count ?? 0}
          {...paging}
          sort={undefined}
          loading={list.isPending || list.isPlaceholderData}
          error={list.isError}
          onRetry={() => void list.refetch()}
          rowId={(row) => String(row.id)}
          emptyText={status === "all" && !text ? t("invoices.table.emptyAll") : t("invoices.table.empty")}
        />
      </section>
    </Stack>
  );
}
