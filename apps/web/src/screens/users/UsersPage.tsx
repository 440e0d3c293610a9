import { Button, Modal, Paper, Stack, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { useNavigate, useSearch } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type StaffUser, useUserList } from "../../api/users.api.ts";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { DEFAULT_PAGE_SIZE, type TableSearch } from "../../lib/tableSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useUserRights } from "./rights.ts";
import { fullName, StateBadge, UserDetailsModal } from "./UserDetailsModal.tsx";
import { UserForm } from "./UserForm.tsx";

/**
 * Users (back-office.md "Users"; merchant-dashboard.md section 6): the summary table of the merchant's staff with
 * paging and search (in the URL), the add modal, and each user's details modal with permissions, Edit and Delete.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const rights = useUserRights();
  const search = useSearch({ from: "/{-$lang}/app/users" }) as TableSearch;
  const navigate = useNavigate();
  const setSearch = (next: TableSearch) => void navigate({ to: ".", search: next as never });
  const page = search.page ?? 1;
  const pageSize = search.page_size ?? DEFAULT_PAGE_SIZE;
  const query = typeof search.search === "string" ? search.search : undefined;
  const [typed, setTyped] = useState(query ?? "");
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const [addOpen, add] = useDisclosure(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useUserList(page, pageSize, query);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new typed text moves the URL
  useEffect(() => {
    if ((debounced || undefined) !== query)
      setSearch({ ...search, page: undefined, search: debounced ? debounced : undefined });
  }, [debounced]);

  const columns = useMemo<ColumnDef<StaffUser>[]>(
    () => [
      {
        id: "id",
        header: t("users.columns.id"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => row.original.id,
      },
      {
        id: "name",
        header: t("users.columns.name"),
        cell: ({ row }) => (
          <UnstyledButton
            c="blue.8"
            td="underline"
            onClick={() => setOpenId(row.original.id)}
            aria-label={t("users.details.open", { name: fullName(row.original) || row.original.username })}
            data-testid="user-open"
          >
            {fullName(row.original) || row.original.username}
          </UnstyledButton>
        ),
      },
      { id: "email", header: t("users.columns.email"), cell: ({ row }) => <bdi>{row.original.email}</bdi> },
      {
        id: "permissions",
        header: t("users.columns.permissions"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => row.original.permissions.length,
      },
      {
        id: "state",
        header: t("users.columns.state"),
        cell: ({ row }) => <StateBadge user={row.original} />,
      },
      {
        id: "date_created",
        header: t("users.columns.created"),
        cell: ({ row }) => dateTime(row.original.date_created),
      },
    ],
    [t, dateTime],
  );

  return (
    <Stack data-testid="users-page">
      <PageTitle title={t("users.title")}>
        {rights.canCreate ? (
          <Button onClick={add.open} data-testid="user-add">
            {t("users.add")}
          </Button>
        ) : null}
      </PageTitle>
      <Paper p="md" radius="lg" withBorder>
        <Stack>
          <TextInput
            label={t("users.search")}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            maxLength={200}
            w={{ base: "100%", sm: 360 }}
            data-testid="users-search"
          />
          <DataTable
            label={t("users.tableLabel")}
            testId="users-table"
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
            emptyText={query ? t("users.noMatch") : t("users.empty")}
          />
        </Stack>
      </Paper>
      {addOpen ? (
        <Modal
          opened
          onClose={add.close}
          title={t("users.form.addTitle")}
          size="xl"
          closeButtonProps={{ "aria-label": t("users.form.cancel") }}
          data-testid="user-add-modal"
        >
          <UserForm
            onCancel={add.close}
            onSaved={() => {
              setSearch({ ...search, page: undefined });
              add.close();
            }}
          />
        </Modal>
      ) : null}
      {openId !== null ? <UserDetailsModal id={openId} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}
