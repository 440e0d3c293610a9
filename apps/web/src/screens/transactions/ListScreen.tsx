import { Stack, Text } from "@mantine/core";
import type { ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DataModeBadge } from "./DataModeBadge.tsx";
import { DataTable } from "./DataTable.tsx";
import { DatesLocale } from "./DatesLocale.tsx";
import { type FilterField, FiltersPanel } from "./FiltersPanel.tsx";
import { PageTitle } from "./PageTitle.tsx";
import { filtersOf, withFilters } from "./tableSearch.ts";
import type { ListScreenState } from "./useListScreen.ts";

/** The list query's part the screen shows: one page of rows, their count, loading and error states. */
export interface ListQuery<T> {
  data?: { results: T[]; count: number };
  isPending: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface Props<T> {
  /** The page root's data-testid (it carries data-view). */
  testId: string;
  title: string;
  state: ListScreenState;
  /** Buttons after the data mode badge in the title bar. */
  actions?: ReactNode;
  /** The totals header between the title and the filters. */
  totals: ReactNode;
  filters: {
    testId: string;
    /** The API's filter names the panel edits (tableSearch.ts). */
    names: readonly string[];
    fields: FilterField[];
    label: (key: string) => string;
  };
  summary: { id: string; title: string };
  table: { testId: string; label: string; emptyText: string; columns: ColumnDef<T>[] };
  list: ListQuery<T>;
  /** After the table (export history, dialogs). */
  children?: ReactNode;
}

/**
 * A workspace list screen (transactions, orders): title bar, totals, the filter panel and the summary table, all
 * kept in the URL (useListScreen), with the table's loading, empty and error states.
 */
export function ListScreen<T extends { id: number }>(props: Props<T>) {
  const { state, filters, table, list } = props;
  const { search, setSearch, paging } = state;
  const filterValues = filtersOf(search, filters.names);
  return (
    <DatesLocale>
      <Stack gap="lg" data-testid={props.testId} data-view={state.view}>
        <PageTitle title={props.title}>
          <DataModeBadge isLive={state.isLive} />
          {props.actions}
        </PageTitle>
        {props.totals}
        <FiltersPanel
          key={JSON.stringify(filterValues)}
          testId={filters.testId}
          fields={filters.fields}
          values={filterValues}
          label={filters.label}
          onApply={(next) => setSearch(withFilters(search, filters.names, next))}
        />
        <section aria-labelledby={props.summary.id}>
          <Text component="h2" fw={700} size="lg" mb="xs" id={props.summary.id}>
            {props.summary.title}
          </Text>
          <DataTable
            label={table.label}
            testId={table.testId}
            columns={table.columns}
            rows={list.data?.results}
            count={list.data?.count ?? 0}
            {...paging}
            sort={state.sort}
            loading={list.isPending || list.isPlaceholderData}
            error={list.isError}
            onRetry={() => void list.refetch()}
            rowId={(row) => String(row.id)}
            emptyText={table.emptyText}
          />
        </section>
        {props.children}
      </Stack>
    </DatesLocale>
  );
}
