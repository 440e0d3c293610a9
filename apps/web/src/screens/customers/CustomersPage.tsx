import { Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import type { ColumnDef } from "@tanstack/react-table";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CustomerItem, useCustomers } from "../../api/customers.api.ts";
import { AnchorLink } from "../../components/links.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { MaskedCard } from "./MaskedCard.tsx";

/**
 * Customers (back-office.md "Customers"): the merchant's customers, the latest to pay first, with the search
 * (start of name, e-mail or phone) and paging in the URL; each opens its details.
 */
export default function CustomersPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const { search, setSearch, paging } = useTableSearch("/{-$lang}/app/customers");
  const term = typeof search.search === "string" ? search.search : undefined;
  const [draft, setDraft] = useState(term ?? "");
  const list = useCustomers({ page: paging.page, pageSize: paging.pageSize, search: term });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim().slice(0, 200);
    setSearch({ ...search, page: undefined, search: text === "" ? undefined : text });
  };
  const clear = () => {
    setDraft("");
    setSearch({ ...search, page: undefined, search: undefined });
  };

  const columns = useMemo<ColumnDef<CustomerItem>[]>(
    () => [
      {
        id: "name",
        header: t("customers.fields.name"),
        cell: ({ row }) => (
          <AnchorLink
            to="/{-$lang}/customers/$id"
            params={{ lang, id: String(row.original.id) }}
            aria-label={t("customers.open", { name: row.original.name })}
            data-testid="customer-open"
          >
            {row.original.name}
          </AnchorLink>
        ),
      },
      {
        id: "email",
        header: t("customers.fields.email"),
        cell: ({ row }) => <span dir="ltr">{row.original.email ?? "—"}</span>,
      },
      {
        id: "phone",
        header: t("customers.fields.phone"),
        cell: ({ row }) => <span dir="ltr">{row.original.phone ?? "—"}</span>,
      },
      {
        id: "points",
        header: t("customers.fields.points"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => row.original.points.toLocaleString(lang === "ar" ? "ar-EG" : "en-US"),
      },
      {
        id: "card",
        header: t("customers.fields.card"),
        cell: ({ row }) => <MaskedCard last4={row.original.card_last4} scheme={row.original.card_scheme} />,
      },
      {
        id: "total_transactions",
        header: t("customers.fields.total_transactions"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => row.original.total_transactions.toLocaleString(lang === "ar" ? "ar-EG" : "en-US"),
      },
      {
        id: "last_transaction_at",
        header: t("customers.fields.last_transaction_at"),
        cell: ({ row }) =>
          row.original.last_transaction_at ? dateTime(row.original.last_transaction_at) : "—",
      },
    ],
    [t, lang, dateTime],
  );

  return (
    <Stack gap="lg" data-testid="customers-page">
      <PageTitle title={t("nav.customers")} />
      <Paper withBorder radius="lg" p="md">
        <form onSubmit={apply}>
          <Group mb="sm" align="flex-end">
            <TextInput
              label={t("customers.searchLabel")}
              description={t("customers.searchHint")}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              maxLength={200}
              style={{ flex: 1, minWidth: 220 }}
              data-testid="customer-search"
            />
            <Button type="submit" data-testid="customer-search-apply">
              {t("customers.search")}
            </Button>
            {term ? (
              <Button variant="default" onClick={clear} data-testid="customer-search-clear">
                {t("customers.clear")}
              </Button>
            ) : null}
          </Group>
        </form>
        {list.data?.count_capped ? (
          <Text size="sm" c="dimmed" mb="xs">
            {t("customers.capped", {
              total: list.data.count.toLocaleString(lang === "ar" ? "ar-EG" : "en-US"),
            })}
          </Text>
        ) : null}
        <DataTable
          label={t("customers.tableLabel")}
          testId="customers-table"
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
          emptyText={term ? t("customers.noMatch") : t("customers.empty")}
        />
      </Paper>
    </Stack>
  );
}
