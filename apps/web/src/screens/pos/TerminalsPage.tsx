import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CreatedTerminal, type TerminalItem, useTerminals } from "../../api/pos.api.ts";
import { AnchorLink, ButtonLink } from "../../components/links.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { useTableSearch } from "../../components/list/useTableSearch.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import { Amounts } from "./Amounts.tsx";
import { TerminalDialog } from "./TerminalDialog.tsx";
import { TerminalKeysModal } from "./TerminalKeysModal.tsx";

/**
 * Terminals (merchant-dashboard.md section 2): ID, created at, branch ID, branch name, city, transactions and
 * amount in the live or test mode, each opening its details; the 'Terminal Device' dialog moves one to another
 * branch. A merchant with no terminal sees 'You haven't set up a POS', whom to contact and a Home Page button.
 */
const countOf = (n: number, lang: string) => n.toLocaleString(lang === "ar" ? "ar-EG" : "en-US");

export default function TerminalsPage() {
  const { t } = useTranslation();
  const { lang, session } = useDashboard();
  const { isLive } = useLiveMode();
  const { dateTime } = useDateFormat();
  const { paging } = useTableSearch("/{-$lang}/app/terminals");
  const list = useTerminals(paging.page, paging.pageSize, isLive);
  const [dialog, setDialog] = useState<{ terminal?: TerminalItem } | null>(null);
  const [created, setCreated] = useState<CreatedTerminal | null>(null);
  const isTerminal = session.type === "Terminal";

  const columns = useMemo<ColumnDef<TerminalItem>[]>(
    () => [
      {
        id: "terminal_id",
        header: t("pos.terminals.fields.terminal_id"),
        cell: ({ row }) => (
          <AnchorLink
            to="/{-$lang}/terminals/$id"
            params={{ lang, id: String(row.original.id) }}
            aria-label={t("pos.terminals.open", { id: row.original.terminal_id })}
            dir="ltr"
            data-testid="terminal-open"
          >
            {row.original.terminal_id}
          </AnchorLink>
        ),
      },
      {
        id: "created_at",
        header: t("pos.fields.created_at"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "branch_id",
        header: t("pos.branches.fields.branch_id"),
        cell: ({ row }) => <span dir="ltr">{row.original.branch_id ?? "—"}</span>,
      },
      {
        id: "branch_name",
        header: t("pos.branches.fields.branch_name"),
        cell: ({ row }) => row.original.branch_name ?? "—",
      },
      { id: "city", header: t("pos.branches.fields.city"), cell: ({ row }) => row.original.city ?? "—" },
      {
        id: "transactions",
        header: t("pos.terminals.fields.transactions"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => countOf(row.original.transactions, lang),
      },
      {
        id: "amount",
        header: t("pos.terminals.fields.amount"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => <Amounts amounts={row.original.amounts} />,
      },
      ...(isTerminal
        ? []
        : [
            {
              id: "actions",
              header: t("pos.actions"),
              cell: ({ row }: { row: { original: TerminalItem } }) => (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setDialog({ terminal: row.original })}
                  aria-label={t("pos.terminals.editNamed", { id: row.original.terminal_id })}
                  data-testid="terminal-edit"
                >
                  {t("pos.edit")}
                </Button>
              ),
            } satisfies ColumnDef<TerminalItem>,
          ]),
    ],
    [t, lang, dateTime, isTerminal],
  );

  const addButton = isTerminal ? null : (
    <Button onClick={() => setDialog({})} data-testid="terminal-add">
      {t("pos.terminals.add")}
    </Button>
  );
  const modals = (
    <>
      {dialog ? (
        <TerminalDialog
          terminal={dialog.terminal}
          onClose={() => setDialog(null)}
          onCreated={(c) => {
            setDialog(null);
            setCreated(c);
          }}
        />
      ) : null}
      {created ? (
        <TerminalKeysModal
          terminalId={created.terminal_id}
          keys={created.keys}
          onClose={() => setCreated(null)}
        />
      ) : null}
    </>
  );

  if (list.isPending) return <Skeleton height={300} />;
  if (list.isSuccess && !list.data.has_pos)
    return (
      <Stack gap="lg" data-testid="terminals-page">
        <PageTitle title={t("nav.terminals")} />
        <Paper withBorder radius="lg" p="xl" data-testid="terminals-no-pos">
          <Stack align="flex-start">
            <Title order={2} size="h3">
              {t("pos.terminals.noPos")}
            </Title>
            <Text>{t("pos.terminals.contact")}</Text>
            <Group>
              <ButtonLink to="/{-$lang}/home" params={{ lang }} data-testid="terminals-home">
                {t("pos.homePage")}
              </ButtonLink>
              {addButton}
            </Group>
          </Stack>
        </Paper>
        {modals}
      </Stack>
    );

  return (
    <Stack gap="lg" data-testid="terminals-page">
      <PageTitle title={t("nav.terminals")}>{addButton}</PageTitle>
      {list.isError ? null : (
        <Alert color="gray" variant="light">
          {isLive ? t("pos.terminals.liveFigures") : t("pos.terminals.testFigures")}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="md">
        <DataTable
          label={t("pos.terminals.tableLabel")}
          testId="terminals-table"
          columns={columns}
          rows={list.data?.results}
          count={list.data?.count ?? 0}
          page={paging.page}
          pageSize={paging.pageSize}
          sort={undefined}
          loading={list.isPlaceholderData}
          error={list.isError}
          onRetry={() => void list.refetch()}
          onPage={paging.onPage}
          onPageSize={paging.onPageSize}
          onSort={() => undefined}
          rowId={(row) => String(row.id)}
          emptyText={t("pos.terminals.empty")}
        />
      </Paper>
      {modals}
    </Stack>
  );
}
