import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import type { TerminalReportFigures, TerminalReportItem } from "@portal/domain/api/terminal-reports";
import { CURRENCIES } from "@portal/domain/currencies";
import { useNavigate, useSearch } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  type TerminalReportFilterParams,
  type TerminalReportParams,
  useTerminalReports,
  useTerminalReportToday,
  useTerminalReportTotals,
} from "../../api/terminal-reports.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { DateRangeField } from "../../components/DateRangeField.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { type FilterField, FiltersPanel } from "../../components/list/FiltersPanel.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import type { Lang } from "../../i18n/language.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { money } from "../../lib/money.ts";
import { DEFAULT_PAGE_SIZE, type TableSearch } from "../../lib/tableSearch.ts";
import { useViewMode, viewpointOf } from "../../live/viewpoint.ts";

const SORTS = ["-business_day", "business_day", "-total_amount_cents", "total_amount_cents"] as const;
type Sort = (typeof SORTS)[number];
const SORT_COLUMNS: Record<string, string> = { day: "business_day", total: "total_amount_cents" };

/** A day (YYYY-MM-DD) from the URL, or nothing. */
const dayOf = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/**
 * Terminal reports (back-office.md "Terminal reports", docs/pos-risk.md): the header totals (devices, revenue per
 * currency, transactions), the open business day's running figures (terminal users and merchants) and the closed
 * reports, one per terminal, business day and currency, in the live or test mode. A terminal user sees its own
 * terminal's, a merchant its terminals', a bank user its merchants' (live). Filters and page are in the URL.
 */
export default function TerminalReportsPage() {
  const { t } = useTranslation();
  const { lang, session } = useDashboard();
  const view = viewpointOf(session.type);
  const isBank = view === "bank";
  const { isLive } = useViewMode(view);
  const search = useSearch({ strict: false }) as TableSearch;
  const navigate = useNavigate();
  const setSearch = (next: TableSearch) => void navigate({ to: ".", search: next as never });

  const sort: Sort = SORTS.includes(search.sort as Sort) ? (search.sort as Sort) : "-business_day";
  const filters: TerminalReportFilterParams = {
    date_from: dayOf(search.date_from),
    date_to: dayOf(search.date_to),
    currency: typeof search.currency === "string" ? search.currency : undefined,
    merchant_id: isBank && search.merchant_id ? Number(search.merchant_id) || undefined : undefined,
  };
  const params: TerminalReportParams = {
    ...filters,
    page: search.page ?? 1,
    page_size: search.page_size ?? DEFAULT_PAGE_SIZE,
    sort,
  };
  const list = useTerminalReports(view, isLive, params);
  const totals = useTerminalReportTotals(view, isLive, filters);
  const today = useTerminalReportToday(isLive, !isBank);

  const fields: FilterField[] = useMemo(() => {
    const all: FilterField[] = [
      { key: "currency", kind: "select", options: CURRENCIES.map((c) => ({ value: c, label: c })) },
    ];
    return isBank ? [...all, { key: "merchant_id", kind: "number" }] : all;
  }, [isBank]);

  const columns = useMemo<ColumnDef<TerminalReportItem>[]>(() => {
    const cols: ColumnDef<TerminalReportItem>[] = [
      { id: "id", header: t("terminalReports.columns.id"), cell: ({ row }) => row.original.id },
      {
        id: "created",
        header: t("terminalReports.columns.createdAt"),
        cell: ({ row }) => <bdi dir="ltr">{formatDateTime(row.original.created_at, lang)}</bdi>,
      },
      ...figureColumns<TerminalReportItem>(t, lang),
    ];
    if (isBank)
      cols.splice(2, 0, {
        id: "merchant",
        header: t("terminalReports.columns.merchant"),
        cell: ({ row }) =>
          row.original.merchant ? `${row.original.merchant.name} #${row.original.merchant.id}` : "—",
      });
    return cols;
  }, [t, lang, isBank]);

  const tableSort = (() => {
    const desc = sort.startsWith("-");
    const field = sort.replace("-", "");
    const column = Object.entries(SORT_COLUMNS).find(([, f]) => f === field)?.[0] ?? "day";
    return `${desc ? "-" : ""}${column}`;
  })();
  const onSort = (next: string | undefined) => {
    if (!next) return setSearch({ ...search, page: undefined, sort: undefined });
    const desc = next.startsWith("-");
    const field = SORT_COLUMNS[next.replace("-", "")] ?? "business_day";
    const value = `${desc ? "-" : ""}${field}` as Sort;
    setSearch({ ...search, page: undefined, sort: SORTS.includes(value) ? value : undefined });
  };

  const filterValues: Record<string, string> = {};
  if (filters.currency) filterValues.currency = filters.currency;
  if (filters.merchant_id) filterValues.merchant_id = String(filters.merchant_id);

  return (
    <Stack gap="lg" data-testid="terminal-reports-page" data-view={view}>
      <PageTitle title={t("nav.terminalReports")}>
        <DataModeBadge isLive={isLive} />
      </PageTitle>

      <section aria-labelledby="terminal-totals-title">
        <Text component="h2" fw={700} size="lg" mb="xs" id="terminal-totals-title">
          {t("terminalReports.totals.title")}
        </Text>
        {totals.isError ? (
          <Alert color="red" variant="light" title={t("terminalReports.loadFailed")}>
            <Button variant="default" size="xs" onClick={() => void totals.refetch()}>
              {t("terminalReports.retry")}
            </Button>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="terminal-totals">
            <Figure
              label={t("terminalReports.totals.devices")}
              testId="total-devices"
              values={[totals.data ? String(totals.data.total_devices) : "…"]}
            />
            <Figure
              label={t("terminalReports.totals.revenue")}
              testId="total-revenue"
              values={
                totals.data
                  ? totals.data.total_revenue.length > 0
                    ? totals.data.total_revenue.map((r) => money(r.amount_cents, r.currency, lang))
                    : ["—"]
                  : ["…"]
              }
              currencies={totals.data?.total_revenue.map((r) => r.currency)}
            />
            <Figure
              label={t("terminalReports.totals.transactions")}
              testId="total-transactions"
              values={[totals.data ? String(totals.data.total_transactions) : "…"]}
            />
          </SimpleGrid>
        )}
      </section>

      {isBank ? null : <OpenDay query={today} lang={lang} />}

      <FiltersPanel
        key={JSON.stringify(filterValues)}
        testId="terminal-report-filters"
        fields={fields}
        values={filterValues}
        label={(key) => t(`terminalReports.filters.${key as "currency"}`)}
        onApply={(next) =>
          setSearch({
            ...search,
            page: undefined,
            currency: next.currency || undefined,
            merchant_id: next.merchant_id || undefined,
          })
        }
      />
      <Group>
        <DateRangeField
          label={t("terminalReports.filters.days")}
          value={[filters.date_from ?? null, filters.date_to ?? null]}
          onChange={([from, to]) => {
            if ((from && to) || (!from && !to))
              setSearch({
                ...search,
                page: undefined,
                date_from: from ?? undefined,
                date_to: to ?? undefined,
              });
          }}
          clearable
          testId="terminal-report-days"
        />
      </Group>

      <section aria-labelledby="terminal-reports-title">
        <Text component="h2" fw={700} size="lg" mb="xs" id="terminal-reports-title">
          {t("terminalReports.closed")}
        </Text>
        <DataTable
          label={t("terminalReports.table.label")}
          testId="terminal-reports-table"
          columns={columns}
          rows={list.data?.results}
          count={list.data?.count ?? 0}
          page={params.page}
          pageSize={params.page_size}
          onPage={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
          onPageSize={(size) =>
            setSearch({
              ...search,
              page: undefined,
              page_size: size === DEFAULT_PAGE_SIZE ? undefined : size,
            })
          }
          sort={tableSort}
          onSort={onSort}
          loading={list.isPending || list.isPlaceholderData}
          error={list.isError}
          onRetry={() => void list.refetch()}
          rowId={(row) => String(row.id)}
          emptyText={t("terminalReports.table.empty")}
        />
      </section>
    </Stack>
  );
}

type T = TFunction;

/** The figures' columns, shared by the closed reports and the open day. */
type ColumnLabel =
  | "terminalId"
  | "businessDay"
  | "startTime"
  | "endTime"
  | "totalAmount"
  | "transactions"
  | "success"
  | "pending"
  | "declined";

/** The figures' columns' labels, read once where `t` is not generic (its deep types stay out of ColumnDef<R>). */
function columnLabels(t: T): Record<ColumnLabel, string> {
  return {
    terminalId: t("terminalReports.columns.terminalId"),
    businessDay: t("terminalReports.columns.businessDay"),
    startTime: t("terminalReports.columns.startTime"),
    endTime: t("terminalReports.columns.endTime"),
    totalAmount: t("terminalReports.columns.totalAmount"),
    transactions: t("terminalReports.columns.transactions"),
    success: t("terminalReports.columns.success"),
    pending: t("terminalReports.columns.pending"),
    declined: t("terminalReports.columns.declined"),
  };
}

function figureColumns<R extends TerminalReportFigures>(t: T, lang: Lang): ColumnDef<R>[] {
  const label = columnLabels(t);
  const count = (
    id: "transactions" | "success" | "pending" | "declined",
    key: keyof TerminalReportFigures & `${string}_count`,
  ): ColumnDef<R> => {
    const header = label[id];
    return {
      id,
      header,
      meta: { numeric: true } satisfies ColumnMeta,
      cell: ({ row }) => <span data-testid={`report-${id}`}>{row.original[key]}</span>,
    };
  };
  return [
    {
      id: "terminal",
      header: label.terminalId,
      cell: ({ row }) => (
        <bdi dir="ltr" data-testid="report-terminal">
          {row.original.terminal.code}
        </bdi>
      ),
    },
    {
      id: "day",
      header: label.businessDay,
      meta: { sortable: true } satisfies ColumnMeta,
      cell: ({ row }) => <bdi dir="ltr">{row.original.business_day}</bdi>,
    },
    {
      id: "start",
      header: label.startTime,
      cell: ({ row }) => (
        <bdi dir="ltr">{formatDateTime(row.original.start_time, lang, row.original.time_zone)}</bdi>
      ),
    },
    {
      id: "end",
      header: label.endTime,
      cell: ({ row }) => (
        <bdi dir="ltr">{formatDateTime(row.original.end_time, lang, row.original.time_zone)}</bdi>
      ),
    },
    {
      id: "total",
      header: label.totalAmount,
      meta: { numeric: true, sortable: true } satisfies ColumnMeta,
      cell: ({ row }) => (
        <span data-testid="report-total" data-currency={row.original.currency}>
          {money(row.original.total_amount_cents, row.original.currency, lang)}
        </span>
      ),
    },
    count("transactions", "transactions_count"),
    count("success", "success_count"),
    count("pending", "pending_count"),
    count("declined", "declined_count"),
  ];
}

function Figure({
  label,
  values,
  testId,
  currencies,
}: {
  label: string;
  values: string[];
  testId: string;
  currencies?: string[] | undefined;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {values.map((v, i) => (
        <Text
          key={currencies?.[i] ?? v}
          fw={700}
          size="lg"
          style={{ overflowWrap: "anywhere" }}
          data-testid={`${testId}-value`}
          data-currency={currencies?.[i]}
        >
          <bdi>{v}</bdi>
        </Text>
      ))}
    </Paper>
  );
}

/** The business day still open: running figures per terminal and currency, until the closing job freezes them. */
function OpenDay({ query, lang }: { query: ReturnType<typeof useTerminalReportToday>; lang: Lang }) {
  const { t } = useTranslation();
  const columns = figureColumns<TerminalReportFigures>(t, lang);
  return (
    <section aria-labelledby="terminal-today-title" data-testid="terminal-today">
      <Text component="h2" fw={700} size="lg" id="terminal-today-title">
        {t("terminalReports.today.title")}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {t("terminalReports.today.hint")}
      </Text>
      {query.isError ? (
        <Alert color="red" variant="light" title={t("terminalReports.loadFailed")}>
          <Button variant="default" size="xs" onClick={() => void query.refetch()}>
            {t("terminalReports.retry")}
          </Button>
        </Alert>
      ) : query.isPending ? (
        <Text size="sm">{t("terminalReports.loading")}</Text>
      ) : query.data.reports.length === 0 ? (
        <Text size="sm" data-testid="terminal-today-empty">
          {t("terminalReports.today.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped withTableBorder aria-labelledby="terminal-today-title">
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.id}>{String(c.header)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.reports.map((r) => (
                <Table.Tr key={`${r.terminal.id}-${r.currency}`} data-testid="terminal-today-row">
                  {columns.map((c) => (
                    <Table.Td key={c.id}>
                      {typeof c.cell === "function"
                        ? c.cell({ row: { original: r } } as Parameters<typeof c.cell>[0])
                        : null}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
