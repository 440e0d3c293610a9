import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title, UnstyledButton } from "@mantine/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import {
  type RiskAuditItem,
  type RiskEntry,
  type RiskRule,
  useDeleteRiskEntry,
  useDeleteRiskRule,
  useRiskAudit,
  useRiskEntries,
  useRiskRules,
} from "../../api/risk.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DataTable } from "../../components/list/DataTable.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import type { RiskSearch, RiskTab } from "../../lib/riskSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { EntryModal } from "./EntryModal.tsx";
import { RuleModal } from "./RuleModal.tsx";
import { ruleTerms, windowText } from "./riskText.ts";

const PAGE_SIZE = 10;

/**
 * The Risk Center (merchant-dashboard.md section 2; docs/pos-risk.md "Risk"): tabs Rules, Blacklist and Whitelist;
 * selecting a row shows its details, where it is changed or removed (after a confirmation); below, the history of
 * every change with who made it and when. The payment core enforces what is set here before the acquirer.
 */
export default function RiskCenterPage() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as RiskSearch;
  const navigate = useNavigate();
  const tab: RiskTab = search.tab ?? "rules";
  const setSearch = (next: RiskSearch) => void navigate({ to: ".", search: next as never });

  return (
    <Stack gap="lg" data-testid="risk-center-page">
      <PageTitle title={t("nav.riskCenter")} />
      <Paper withBorder radius="lg" p="md">
        <Tabs
          value={tab}
          onChange={(v) =>
            setSearch({ ...search, tab: v === "rules" ? undefined : (v as RiskTab), page: undefined })
          }
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="rules" data-testid="risk-tab-rules">
              {t("risk.tabs.rules")}
            </Tabs.Tab>
            <Tabs.Tab value="black" data-testid="risk-tab-black">
              {t("risk.tabs.black")}
            </Tabs.Tab>
            <Tabs.Tab value="white" data-testid="risk-tab-white">
              {t("risk.tabs.white")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="rules">
            <RulesTab />
          </Tabs.Panel>
          <Tabs.Panel value="black">
            <EntriesTab
              list="black"
              page={search.page ?? 1}
              onPage={(p) => setSearch({ ...search, page: p > 1 ? p : undefined })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="white">
            <EntriesTab
              list="white"
              page={search.page ?? 1}
              onPage={(p) => setSearch({ ...search, page: p > 1 ? p : undefined })}
            />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <AuditSection
        page={search.audit_page ?? 1}
        onPage={(p) => setSearch({ ...search, audit_page: p > 1 ? p : undefined })}
      />
    </Stack>
  );
}

/** The first cell of a row: a button that selects it (keyboard and screen reader reachable). */
function SelectCell(props: {
  selected: boolean;
  label: string;
  text: string;
  onSelect: () => void;
  testId: string;
}) {
  return (
    <UnstyledButton
      onClick={props.onSelect}
      aria-pressed={props.selected}
      aria-label={props.label}
      data-testid={props.testId}
      style={{ textDecoration: "underline", fontWeight: props.selected ? 700 : 500 }}
    >
      {props.text}
    </UnstyledButton>
  );
}

function RulesTab() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const rules = useRiskRules();
  const remove = useDeleteRiskRule();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<RiskRule | "new" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const selected = rules.data?.results.find((r) => r.id === selectedId);

  const columns = useMemo<ColumnDef<RiskRule>[]>(
    () => [
      {
        id: "kind",
        header: t("risk.fields.kind"),
        cell: ({ row }) => (
          <SelectCell
            selected={row.original.id === selectedId}
            label={t("risk.select", { name: t(`risk.kinds.${row.original.kind}`) })}
            text={t(`risk.kinds.${row.original.kind}`)}
            onSelect={() => setSelectedId(row.original.id)}
            testId="risk-rule-row"
          />
        ),
      },
      { id: "terms", header: t("risk.fields.terms"), cell: ({ row }) => ruleTerms(t, lang, row.original) },
      {
        id: "status",
        header: t("risk.fields.status"),
        cell: ({ row }) => (
          <Badge variant="filled" color={row.original.is_active ? "teal.9" : "gray.8"}>
            {row.original.is_active ? t("risk.active") : t("risk.inactive")}
          </Badge>
        ),
      },
      {
        id: "updated_at",
        header: t("risk.fields.updated_at"),
        cell: ({ row }) => dateTime(row.original.updated_at),
      },
    ],
    [t, lang, dateTime, selectedId],
  );

  const deleteRule = async () => {
    if (!selected) return;
    try {
      await remove.mutateAsync(selected.id);
      toast.success(t("risk.deletedRule"));
      setSelectedId(null);
    } catch (err) {
      toast.error(isApiError(err) && err.status === 403 ? t("risk.noPermission") : t("messages.generic"));
    } finally {
      setConfirming(false);
    }
  };

  const rows = rules.data?.results;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t("risk.rules.intro")}
        </Text>
        <Button onClick={() => setEditing("new")} data-testid="risk-rule-add">
          {t("risk.rules.add")}
        </Button>
      </Group>
      <DataTable
        label={t("risk.tabs.rules")}
        testId="risk-rules-table"
        columns={columns}
        rows={rows}
        count={rows?.length ?? 0}
        page={1}
        pageSize={Math.max(rows?.length ?? 0, 10)}
        sort={undefined}
        loading={rules.isPending}
        error={rules.isError}
        onRetry={() => void rules.refetch()}
        onPage={() => undefined}
        onPageSize={() => undefined}
        onSort={() => undefined}
        rowId={(row) => String(row.id)}
        emptyText={t("risk.rules.empty")}
      />
      {selected ? (
        <Paper withBorder radius="md" p="md" data-testid="risk-rule-details">
          <Group justify="space-between" mb="sm">
            <Title order={3} size="h4">
              {t(`risk.kinds.${selected.kind}`)}
            </Title>
            <Group>
              <Button variant="default" onClick={() => setEditing(selected)} data-testid="risk-rule-edit">
                {t("risk.edit")}
              </Button>
              <Button color="red.9" onClick={() => setConfirming(true)} data-testid="risk-rule-delete">
                {t("risk.delete")}
              </Button>
            </Group>
          </Group>
          <DetailGrid
            items={[
              { key: "id", label: t("risk.fields.id"), value: String(selected.id) },
              { key: "terms", label: t("risk.fields.terms"), value: ruleTerms(t, lang, selected) },
              {
                key: "amount",
                label: t("risk.fields.amount_cents"),
                value:
                  selected.amount_cents !== null && selected.currency
                    ? money(selected.amount_cents, selected.currency, lang)
                    : null,
              },
              {
                key: "subject",
                label: t("risk.fields.subject"),
                value: selected.subject ? t(`risk.subjects.${selected.subject}`) : null,
              },
              {
                key: "max_payments",
                label: t("risk.fields.max_payments"),
                value: selected.max_payments?.toString(),
              },
              {
                key: "window",
                label: t("risk.fields.window"),
                value: selected.window_seconds ? windowText(t, selected.window_seconds) : null,
              },
              { key: "countries", label: t("risk.fields.countries"), value: selected.countries?.join(", ") },
              {
                key: "status",
                label: t("risk.fields.status"),
                value: selected.is_active ? t("risk.active") : t("risk.inactive"),
              },
              { key: "note", label: t("risk.fields.note"), value: selected.note },
              { key: "created_by", label: t("risk.fields.created_by"), value: selected.created_by },
              { key: "created_at", label: t("risk.fields.created_at"), value: dateTime(selected.created_at) },
              { key: "updated_at", label: t("risk.fields.updated_at"), value: dateTime(selected.updated_at) },
            ]}
          />
        </Paper>
      ) : rows && rows.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t("risk.selectHint")}
        </Text>
      ) : null}
      {editing ? (
        <RuleModal rule={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("risk.confirmDeleteRule.title")}
        body={t("risk.confirmDeleteRule.body")}
        confirmLabel={t("risk.delete")}
        danger
        loading={remove.isPending}
        onConfirm={() => void deleteRule()}
        testId="risk-rule-delete-confirm"
      />
    </Stack>
  );
}

function EntriesTab(props: { list: "black" | "white"; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const entries = useRiskEntries(props.list, props.page, PAGE_SIZE);
  const remove = useDeleteRiskEntry();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const selected = entries.data?.results.find((e) => e.id === selectedId);

  const columns = useMemo<ColumnDef<RiskEntry>[]>(
    () => [
      {
        id: "label",
        header: t("risk.fields.value"),
        cell: ({ row }) => (
          <span dir="ltr">
            <SelectCell
              selected={row.original.id === selectedId}
              label={t("risk.select", { name: row.original.label })}
              text={row.original.label}
              onSelect={() => setSelectedId(row.original.id)}
              testId="risk-entry-row"
            />
          </span>
        ),
      },
      {
        id: "kind",
        header: t("risk.fields.entryKind"),
        cell: ({ row }) => t(`risk.entryKinds.${row.original.kind}`),
      },
      { id: "note", header: t("risk.fields.note"), cell: ({ row }) => row.original.note ?? "—" },
      {
        id: "created_at",
        header: t("risk.fields.created_at"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
    ],
    [t, dateTime, selectedId],
  );

  const deleteEntry = async () => {
    if (!selected) return;
    try {
      await remove.mutateAsync(selected.id);
      toast.success(t("risk.validation.deleted"));
      setSelectedId(null);
    } catch (err) {
      toast.error(isApiError(err) && err.status === 403 ? t("risk.noPermission") : t("messages.generic"));
    } finally {
      setConfirming(false);
    }
  };

  const name = props.list === "black" ? "black" : "white";
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t(`risk.entries.intro.${name}`)}
        </Text>
        <Button onClick={() => setAdding(true)} data-testid={`risk-entry-add-${name}`}>
          {props.list === "black" ? t("risk.entries.addBlack") : t("risk.entries.addWhite")}
        </Button>
      </Group>
      <DataTable
        label={t(`risk.tabs.${name}`)}
        testId={`risk-${name}-table`}
        columns={columns}
        rows={entries.data?.results}
        count={entries.data?.count ?? 0}
        page={props.page}
        pageSize={PAGE_SIZE}
        sort={undefined}
        loading={entries.isPending || entries.isPlaceholderData}
        error={entries.isError}
        onRetry={() => void entries.refetch()}
        onPage={props.onPage}
        onPageSize={() => undefined}
        onSort={() => undefined}
        rowId={(row) => String(row.id)}
        emptyText={t(`risk.entries.empty.${name}`)}
      />
      {selected ? (
        <Paper withBorder radius="md" p="md" data-testid="risk-entry-details">
          <Group justify="space-between" mb="sm">
            <Title order={3} size="h4">
              <span dir="ltr">{selected.label}</span>
            </Title>
            <Button color="red.9" onClick={() => setConfirming(true)} data-testid="risk-entry-delete">
              {t("risk.remove")}
            </Button>
          </Group>
          <DetailGrid
            items={[
              { key: "id", label: t("risk.fields.id"), value: String(selected.id) },
              {
                key: "kind",
                label: t("risk.fields.entryKind"),
                value: t(`risk.entryKinds.${selected.kind}`),
              },
              { key: "value", label: t("risk.fields.value"), value: <span dir="ltr">{selected.label}</span> },
              { key: "first6", label: t("risk.fields.card_first6"), value: selected.card_first6 },
              { key: "last4", label: t("risk.fields.card_last4"), value: selected.card_last4 },
              { key: "note", label: t("risk.fields.note"), value: selected.note },
              { key: "created_by", label: t("risk.fields.created_by"), value: selected.created_by },
              { key: "created_at", label: t("risk.fields.created_at"), value: dateTime(selected.created_at) },
            ]}
          />
        </Paper>
      ) : entries.data && entries.data.results.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t("risk.selectHint")}
        </Text>
      ) : null}
      {adding ? <EntryModal list={props.list} onClose={() => setAdding(false)} /> : null}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("risk.confirmDeleteEntry.title")}
        body={t("risk.confirmDeleteEntry.body", { value: selected?.label ?? "" })}
        confirmLabel={t("risk.remove")}
        danger
        loading={remove.isPending}
        onConfirm={() => void deleteEntry()}
        testId="risk-entry-delete-confirm"
      />
    </Stack>
  );
}

function AuditSection(props: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const audit = useRiskAudit(props.page, PAGE_SIZE);
  const columns = useMemo<ColumnDef<RiskAuditItem>[]>(
    () => [
      {
        id: "created_at",
        header: t("risk.audit.when"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "user",
        header: t("risk.audit.who"),
        cell: ({ row }) => <span dir="ltr">{row.original.user_email ?? "—"}</span>,
      },
      {
        id: "action",
        header: t("risk.audit.action"),
        cell: ({ row }) => t(`risk.audit.actions.${row.original.action}`),
      },
      {
        id: "target",
        header: t("risk.audit.target"),
        cell: ({ row }) => t(`risk.audit.targets.${row.original.target}`),
      },
      {
        id: "summary",
        header: t("risk.audit.summary"),
        cell: ({ row }) => <span dir="ltr">{row.original.summary}</span>,
      },
    ],
    [t, dateTime],
  );
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} size="h4" mb="sm">
        {t("risk.audit.title")}
      </Title>
      <DataTable
        label={t("risk.audit.title")}
        testId="risk-audit-table"
        columns={columns}
        rows={audit.data?.results}
        count={audit.data?.count ?? 0}
        page={props.page}
        pageSize={PAGE_SIZE}
        sort={undefined}
        loading={audit.isPending || audit.isPlaceholderData}
        error={audit.isError}
        onRetry={() => void audit.refetch()}
        onPage={props.onPage}
        onPageSize={() => undefined}
        onSort={() => undefined}
        rowId={(row) => String(row.id)}
        emptyText={t("risk.audit.empty")}
      />
    </Paper>
  );
}
