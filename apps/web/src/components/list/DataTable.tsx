import {
  Alert,
  Button,
  Group,
  Pagination,
  Select,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES, parseSort, serialiseSort } from "../../lib/tableSearch.ts";
import classes from "./DataTable.module.css";

export interface ColumnMeta {
  /** Numbers and amounts sit at the end side of their cell (right in English, left in Arabic). */
  numeric?: boolean;
  sortable?: boolean;
}

interface Props<T> {
  label: string;
  testId: string;
  columns: ColumnDef<T>[];
  rows: T[] | undefined;
  count: number;
  page: number;
  pageSize: number;
  sort: string | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onSort: (sort: string | undefined) => void;
  rowId: (row: T) => string;
  emptyText: string;
}

/**
 * A server-side paged and sorted table (TanStack Table with manual paging and sorting): the URL holds the state,
 * the server answers one page. Skeleton rows while loading, an empty state, and an error state with retry.
 */
export function DataTable<T>(props: Props<T>) {
  const { t } = useTranslation();
  const sorting: SortingState = (() => {
    const s = parseSort(props.sort);
    return s ? [s] : [];
  })();
  const table = useReactTable({
    data: props.rows ?? [],
    columns: props.columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    rowCount: props.count,
    state: { sorting },
    getRowId: props.rowId,
  });
  const pages = Math.max(1, Math.ceil(props.count / props.pageSize));
  const colCount = props.columns.length;

  const toggleSort = (id: string) => {
    const current = parseSort(props.sort);
    // created_at and the others start descending (newest, largest first), then ascending, then the default.
    const next = current?.id !== id ? { id, desc: true } : current.desc ? { id, desc: false } : null;
    props.onSort(serialiseSort(next));
  };

  return (
    <div className={classes.wrap}>
      {props.error ? (
        <Alert color="red" title={t("transactions.table.errorTitle")} data-testid={`${props.testId}-error`}>
          <Group justify="space-between">
            <Text size="sm">{t("transactions.table.errorBody")}</Text>
            <Button size="xs" variant="default" onClick={props.onRetry} data-testid={`${props.testId}-retry`}>
              {t("transactions.table.retry")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={720}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          data-testid={props.testId}
          aria-label={props.label}
          aria-busy={props.loading}
          className={classes.table}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta as ColumnMeta | undefined;
                  const sorted =
                    sorting[0]?.id === header.column.id
                      ? sorting[0].desc
                        ? "descending"
                        : "ascending"
                      : undefined;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.Th
                      key={header.id}
                      className={meta?.numeric ? classes.numeric : undefined}
                      aria-sort={meta?.sortable ? (sorted ?? "none") : undefined}
                    >
                      {meta?.sortable ? (
                        <UnstyledButton
                          className={classes.sortButton}
                          onClick={() => toggleSort(header.column.id)}
                          data-testid={`sort-${header.column.id}`}
                        >
                          {label}
                          <span aria-hidden="true" className={classes.sortMark}>
                            {sorted === "descending" ? "▼" : sorted === "ascending" ? "▲" : "↕"}
                          </span>
                        </UnstyledButton>
                      ) : (
                        label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {props.loading && !props.rows
              ? Array.from({ length: Math.min(props.pageSize, 10) }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity
                  <Table.Tr key={i} data-testid={`${props.testId}-skeleton`}>
                    <Table.Td colSpan={colCount}>
                      <Skeleton height={18} radius="sm" />
                    </Table.Td>
                  </Table.Tr>
                ))
              : null}
            {!props.loading && !props.error && props.rows?.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={colCount}>
                  <Text ta="center" c="dimmed" py="lg" data-testid={`${props.testId}-empty`}>
                    {props.emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`${props.testId}-row`} data-row-id={row.id}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta as ColumnMeta | undefined;
                  return (
                    <Table.Td key={cell.id} className={meta?.numeric ? classes.numeric : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" id={`${props.testId}-size-label`}>
            {t("transactions.table.show")}
          </Text>
          <Select
            aria-labelledby={`${props.testId}-size-label`}
            data-testid={`${props.testId}-page-size`}
            w={90}
            size="xs"
            allowDeselect={false}
            data={PAGE_SIZES.map(String)}
            value={String(props.pageSize)}
            onChange={(v) => v && props.onPageSize(Number(v))}
          />
          <Text size="sm" data-testid={`${props.testId}-count`}>
            {t("transactions.table.entries", { count: props.count })}
          </Text>
        </Group>
        <Pagination
          total={pages}
          value={Math.min(props.page, pages)}
          onChange={props.onPage}
          size="sm"
          data-testid={`${props.testId}-pagination`}
          getControlProps={(control) => ({
            "aria-label": t(`transactions.table.${control}`),
          })}
          getItemProps={(page) => ({ "aria-label": t("transactions.table.page", { page }) })}
        />
      </Group>
    </div>
  );
}
