import { Button, Group, Paper, Select, Stack, UnstyledButton } from "@mantine/core";
import { REQUEST_STATES, type RequestState } from "@portal/domain/api/request-to-pay";
import { useNavigate, useSearch } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type RequestToPay, useRequestToPayList } from "../../api/request-to-pay.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import type { RequestToPaySearch } from "../../lib/requestToPaySearch.ts";
import { DEFAULT_PAGE_SIZE } from "../../lib/tableSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import { RequestDetailsModal } from "./RequestDetailsModal.tsx";
import { RequestFormModal } from "./RequestFormModal.tsx";
import { RequestStateBadge } from "./RequestStateBadge.tsx";
import { useRequestRights } from "./rights.ts";

/**
 * Request to pay (back-office.md section 2 "Transactions: request to pay"; docs/pos-risk.md "Request to pay"):
 * the merchant's payment requests with their state (created, sent, paid, expired, cancelled), the form to create
 * or edit one with its tip, and each request's details with send, edit and cancel.
 */
export default function RequestToPayPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { isLive } = useLiveMode();
  const { dateTime } = useDateFormat();
  const rights = useRequestRights();
  // The state filter and the page live in the URL (lib/requestToPaySearch.ts): a view can be shared and reloaded.
  const search = useSearch({ strict: false }) as RequestToPaySearch;
  const navigate = useNavigate();
  const setSearch = (next: RequestToPaySearch) => void navigate({ to: ".", search: next as never });
  const state = search.state;
  const page = search.page ?? 1;
  const pageSize = search.page_size ?? DEFAULT_PAGE_SIZE;
  const setPage = (p: number) => setSearch({ ...search, page: p > 1 ? p : undefined });
  const [open, setOpen] = useState<number | null>(null);
  const [form, setForm] = useState<{ id: number | null } | null>(null);
  const list = useRequestToPayList({ isLive, page, pageSize, state });

  const columns: ColumnDef<RequestToPay>[] = [
    {
      id: "id",
      header: t("requestToPay.columns.id"),
      cell: ({ row }) => (
        <UnstyledButton
          c="blue.8"
          td="underline"
          onClick={() => setOpen(row.original.id)}
          aria-label={t("requestToPay.details.open", { id: row.original.id })}
          data-testid="request-open"
        >
          {row.original.id}
        </UnstyledButton>
      ),
    },
    { id: "mob_num", header: t("requestToPay.fields.mob_num"), cell: ({ row }) => row.original.mob_num },
    {
      id: "amount",
      header: t("requestToPay.fields.amount"),
      meta: { numeric: true } satisfies ColumnMeta,
      cell: ({ row }) => money(row.original.amount_cents, row.original.currency, lang),
    },
    {
      id: "tip",
      header: t("requestToPay.fields.tip_type"),
      cell: ({ row }) => t(`requestToPay.tipTypes.${row.original.tip_type}`),
    },
    {
      id: "bill_num",
      header: t("requestToPay.fields.bill_num"),
      cell: ({ row }) => row.original.bill_num ?? "—",
    },
    {
      id: "state",
      header: t("requestToPay.columns.state"),
      cell: ({ row }) => <RequestStateBadge state={row.original.state} />,
    },
    {
      id: "created_at",
      header: t("requestToPay.columns.created"),
      cell: ({ row }) => dateTime(row.original.created_at),
    },
  ];

  return (
    <Stack data-testid="request-to-pay-page">
      <PageTitle title={t("nav.requestToPay")}>
        <DataModeBadge isLive={isLive} />
        {rights.canCreate ? (
          <Button onClick={() => setForm({ id: null })} data-testid="request-create">
            {t("requestToPay.create")}
          </Button>
        ) : null}
      </PageTitle>
      <Paper p="md" radius="lg" withBorder>
        <Stack>
          <Group align="flex-end">
            <Select
              label={t("requestToPay.filters.state")}
              placeholder={t("requestToPay.filters.all")}
              data={REQUEST_STATES.map((s) => ({ value: s, label: t(`requestToPay.states.${s}`) }))}
              value={state ?? null}
              onChange={(v) =>
                setSearch({ ...search, state: (v as RequestState) || undefined, page: undefined })
              }
              clearable
              w={220}
              data-testid="request-state-filter"
            />
          </Group>
          <DataTable
            label={t("requestToPay.tableLabel")}
            testId="requests-table"
            columns={columns}
            rows={list.data?.results}
            count={list.data?.count ?? 0}
            page={page}
            pageSize={pageSize}
            sort={undefined}
            loading={list.isFetching}
            error={list.isError}
            onRetry={() => void list.refetch()}
            onPage={setPage}
            onPageSize={(size) =>
              setSearch({
                ...search,
                page_size: size === DEFAULT_PAGE_SIZE ? undefined : size,
                page: undefined,
              })
            }
            onSort={() => undefined}
            rowId={(row) => String(row.id)}
            emptyText={t("requestToPay.empty")}
          />
        </Stack>
      </Paper>
      {open !== null ? (
        <RequestDetailsModal
          id={open}
          onClose={() => setOpen(null)}
          onEdit={(id) => {
            setOpen(null);
            setForm({ id });
          }}
        />
      ) : null}
      {form ? (
        <RequestFormModal
          id={form.id}
          onClose={() => setForm(null)}
          onSaved={(id) => {
            setForm(null);
            setOpen(id);
          }}
        />
      ) : null}
    </Stack>
  );
}
