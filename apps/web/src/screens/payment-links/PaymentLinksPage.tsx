import { Group, Paper, Select, Stack, TextInput, UnstyledButton } from "@mantine/core";
import { LINK_DISPLAY_STATES, type LinkDisplayState } from "@portal/domain/api/payment-links";
import { useNavigate, useSearch } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PaymentLink, usePaymentLinkList } from "../../api/payment-links.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import type { LinkSearch } from "../../lib/linkSearch.ts";
import { money } from "../../lib/money.ts";
import { DEFAULT_PAGE_SIZE } from "../../lib/tableSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import { LinkDetailsModal } from "./LinkDetailsModal.tsx";
import { LinkStateBadge } from "./LinkStateBadge.tsx";
import { useLinkRights } from "./rights.ts";

/**
 * Payment links (quick links; merchant-dashboard.md section 2): the list with its status filter, search and page
 * in the URL, each link's details with its QR code, and the way to the create form.
 */
export default function PaymentLinksPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { isLive } = useLiveMode();
  const { dateTime } = useDateFormat();
  const rights = useLinkRights();
  const search = useSearch({ from: "/{-$lang}/app/payment-links" }) as LinkSearch;
  const navigate = useNavigate();
  const setSearch = (next: LinkSearch) => void navigate({ to: ".", search: next as never });
  const page = search.page ?? 1;
  const pageSize = search.page_size ?? DEFAULT_PAGE_SIZE;
  const [text, setText] = useState(search.search ?? "");
  const list = usePaymentLinkList({ isLive, page, pageSize, status: search.status, search: search.search });

  // Built each render: the id cell opens the details through the current search.
  const columns: ColumnDef<PaymentLink>[] = [
    {
      id: "id",
      header: t("paymentLinks.columns.id"),
      cell: ({ row }) => (
        <UnstyledButton
          c="blue.8"
          td="underline"
          onClick={() => setSearch({ ...search, open: row.original.id })}
          aria-label={t("paymentLinks.details.open", { id: row.original.id })}
          data-testid="link-open"
        >
          {row.original.id}
        </UnstyledButton>
      ),
    },
    {
      id: "reference",
      header: t("paymentLinks.columns.reference"),
      cell: ({ row }) => row.original.reference ?? "—",
    },
    {
      id: "client",
      header: t("paymentLinks.columns.client"),
      cell: ({ row }) => row.original.client_name || "—",
    },
    {
      id: "amount",
      header: t("paymentLinks.columns.amount"),
      meta: { numeric: true } satisfies ColumnMeta,
      cell: ({ row }) => money(row.original.amount_cents, row.original.currency, lang),
    },
    {
      id: "state",
      header: t("paymentLinks.columns.status"),
      cell: ({ row }) => <LinkStateBadge state={row.original.state} />,
    },
    {
      id: "attempts",
      header: t("paymentLinks.columns.attempts"),
      meta: { numeric: true } satisfies ColumnMeta,
      cell: ({ row }) => row.original.remaining_attempts,
    },
    {
      id: "expires_at",
      header: t("paymentLinks.columns.expires"),
      cell: ({ row }) => (row.original.expires_at ? dateTime(row.original.expires_at) : "—"),
    },
    {
      id: "created_at",
      header: t("paymentLinks.columns.created"),
      cell: ({ row }) => dateTime(row.original.created_at),
    },
  ];

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ ...search, page: undefined, search: text.trim() || undefined });
  };

  return (
    <Stack data-testid="payment-links-page">
      <PageTitle title={t("paymentLinks.title")}>
        <DataModeBadge isLive={isLive} />
        {rights.canCreate ? (
          <ButtonLink to="/{-$lang}/payment-links/new" params={{ lang }} data-testid="link-create">
            {t("paymentLinks.create")}
          </ButtonLink>
        ) : null}
      </PageTitle>
      <Paper p="md" radius="lg" withBorder>
        <Stack>
          <Group align="flex-end" component="form" onSubmit={submitSearch} role="search">
            <Select
              label={t("paymentLinks.filters.status")}
              placeholder={t("paymentLinks.filters.all")}
              data={LINK_DISPLAY_STATES.map((s) => ({ value: s, label: t(`paymentLinks.states.${s}`) }))}
              value={search.status ?? null}
              onChange={(v) =>
                setSearch({ ...search, page: undefined, status: (v as LinkDisplayState) || undefined })
              }
              clearable
              w={200}
              data-testid="link-status-filter"
            />
            <TextInput
              label={t("paymentLinks.filters.search")}
              placeholder={t("paymentLinks.filters.searchHint")}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={200}
              w={320}
              data-testid="link-search"
            />
          </Group>
          <DataTable
            label={t("paymentLinks.tableLabel")}
            testId="links-table"
            columns={columns}
            rows={list.data?.results}
            count={list.data?.count ?? 0}
            page={page}
            pageSize={pageSize}
            sort={undefined}
            loading={list.isFetching}
            error={list.isError}
            onRetry={() => void list.refetch()}
            onPage={(p) => setSearch({ ...search, page: p > 1 ? p : undefined })}
            onPageSize={(size) =>
              setSearch({
                ...search,
                page: undefined,
                page_size: size === DEFAULT_PAGE_SIZE ? undefined : size,
              })
            }
            onSort={() => undefined}
            rowId={(row) => String(row.id)}
            emptyText={t("paymentLinks.empty")}
          />
        </Stack>
      </Paper>
      {search.open ? (
        <LinkDetailsModal id={search.open} onClose={() => setSearch({ ...search, open: undefined })} />
      ) : null}
    </Stack>
  );
}
