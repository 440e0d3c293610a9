import { Button, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ColumnDef } from "@tanstack/react-table";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ExportDialog } from "../../exports/ExportDialog.tsx";
import { ExportHistory } from "../../exports/ExportHistory.tsx";
import { filtersOf, withFilters } from "../../lib/tableSearch.ts";
import { DataModeBadge } from "../DataModeBadge.tsx";
import { DatesLocale } from "../DatesLocale.tsx";
import { PageTitle } from "../PageTitle.tsx";
import { DataTable } from "./DataTable.tsx";
import { type FilterField, FiltersPanel } from "./FiltersPanel.tsx";
import type { TotalsProps } from "./TotalsTiles.tsx";
import type { ListScreenState } from "./useListScreen.ts";

/** The list query's part the screen shows: one page of rows, their count, loading and error states. */
export interface ListQuery<T> {
  data?: { results: T[]; count: number };
  isPending: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The list screens: their catalogue section (texts), export kind and data-testids (docs/web-transactions.md). */
export type ListSection = "transactions" | "orders";

const TEST_IDS = {
  transactions: {
    page: "transactions-page",
    filters: "tx-filters",
    summary: "tx-summary-title",
    table: "tx-table",
  },
  orders: {
    page: "orders-page",
    filters: "order-filters",
    summary: "orders-summary-title",
    table: "orders-table",
  },
} as const;

interface Props<T> {
  section: ListSection;
  state: ListScreenState;
  /** Merchant buttons before Export in the title bar. */
  actions?: ReactNode;
  /** The totals header between the title and the filters, with its own range in the URL. */
  Totals: ComponentType<TotalsProps>;
  /** The API's filter names the panel edits (tableSearch.ts) and their fields. */
  filters: { names: readonly string[]; fields: FilterField[] };
  columns: ColumnDef<T>[];
  list: ListQuery<T>;
  /** After the export history and dialog (the screen's own dialogs). */
  children?: ReactNode;
}

/**
 * A workspace list screen (transactions, orders): title bar, totals, the filter panel and the summary table, all
 * kept in the URL (useListScreen), with the table's loading, empty and error states; merchants and their staff
 * get the export button, dialog and history.
 */
export function ListScreen<T extends { id: number }>(props: Props<T>) {
  const { section, state, filters, list, Totals } = props;
  const { t } = useTranslation();
  const { search, setSearch, paging, view, isLive, isMerchant, canExport } = state;
  const [exportOpen, exportDialog] = useDisclosure(false);
  const ids = TEST_IDS[section];
  const filterValues = filtersOf(search, filters.names);
  return (
    <DatesLocale>
      <Stack gap="lg" data-testid={ids.page} data-view={view}>
        <PageTitle title={t(`nav.${section}`)}>
          <DataModeBadge isLive={isLive} />
          {isMerchant ? (
            <>
              {props.actions}
              {canExport ? (
                <Button onClick={exportDialog.open} data-testid="export-open">
                  {t("exports.open")}
                </Button>
              ) : null}
            </>
          ) : null}
        </PageTitle>
        <Totals
          view={view}
          isLive={isLive}
          lang={state.lang}
          from={search.totals_from}
          to={search.totals_to}
          onRange={state.setTotalsRange}
        />
        <FiltersPanel
          key={JSON.stringify(filterValues)}
          testId={ids.filters}
          fields={filters.fields}
          values={filterValues}
          label={(key) => t(`${section}.filters.${key as "id"}`)}
          onApply={(next) => setSearch(withFilters(search, filters.names, next))}
        />
        <section aria-labelledby={ids.summary}>
          <Text component="h2" fw={700} size="lg" mb="xs" id={ids.summary}>
            {t(`${section}.summary`)}
          </Text>
          <DataTable
            label={t(`${section}.table.label`)}
            testId={ids.table}
            columns={props.columns}
            rows={list.data?.results}
            count={list.data?.count ?? 0}
            {...paging}
            sort={state.sort}
            loading={list.isPending || list.isPlaceholderData}
            error={list.isError}
            onRetry={() => void list.refetch()}
            rowId={(row) => String(row.id)}
            emptyText={t(`${section}.table.empty`)}
          />
        </section>
        {canExport ? (
          <>
            <ExportHistory />
            <ExportDialog opened={exportOpen} onClose={exportDialog.close} kind={section} isLive={isLive} />
          </>
        ) : null}
        {props.children}
      </Stack>
    </DatesLocale>
  );
}
