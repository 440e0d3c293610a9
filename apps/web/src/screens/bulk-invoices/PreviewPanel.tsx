import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { BULK_COLUMNS, type BulkRowValues } from "@portal/domain/api/bulk-invoices";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type BulkRow, type BulkUpload, useFixBulkRows, useSubmitBulk } from "../../api/bulk-invoices.api.ts";
import { isApiError } from "../../api/errors.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { FixRowModal } from "./FixRowModal.tsx";
import { useProblemText } from "./useProblemText.ts";

const PAGE_SIZE = 25;

/**
 * The preview of one upload: every row with its bad cells marked and their reasons (in the user's language),
 * Fix on each bad row, and Create invoices (every valid row, in one transaction; marked rows are skipped). A
 * submitted upload shows what was created and how the sending goes.
 */
export function PreviewPanel({ upload }: { upload: BulkUpload }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const problemText = useProblemText();
  const fix = useFixBulkRows(upload.id);
  const submit = useSubmitBulk(upload.id);
  const [onlyBad, setOnlyBad] = useState(upload.counts.invalid > 0);
  const [page, setPage] = useState(1);
  const [fixing, setFixing] = useState<BulkRow | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submitted = upload.status === "submitted";
  const shown = useMemo(
    () => (onlyBad ? upload.rows.filter((r) => Object.keys(r.errors).length > 0) : upload.rows),
    [upload.rows, onlyBad],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const save = (values: BulkRowValues) => {
    if (!fixing) return;
    fix.mutate([{ line: fixing.line, values }], { onSuccess: () => setFixing(null) });
  };
  const create = () => {
    setFailure(null);
    submit.mutate(undefined, {
      onSuccess: () => setConfirm(false),
      onError: (err) => {
        setConfirm(false);
        const code = isApiError(err) ? err.code : undefined;
        setFailure(
          code === "bulk_submit_failed" || code === "bulk_nothing_valid" || code === "bulk_already_submitted"
            ? t(`bulkInvoices.problems.${code}`)
            : t("bulkInvoices.upload.failed"),
        );
      },
    });
  };

  return (
    <Paper p="md" radius="lg" withBorder data-testid="bulk-preview" data-status={upload.status}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t("bulkInvoices.preview.title", { name: upload.file_name })}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color="gray.8" data-testid="bulk-count-rows">
              {t("bulkInvoices.preview.rows", { count: upload.counts.rows })}
            </Badge>
            <Badge variant="light" color="teal.9" data-testid="bulk-count-valid">
              {t("bulkInvoices.preview.valid", { count: upload.counts.valid })}
            </Badge>
            <Badge variant="light" color="red.9" data-testid="bulk-count-invalid">
              {t("bulkInvoices.preview.invalid", { count: upload.counts.invalid })}
            </Badge>
          </Group>
        </Group>
        {submitted ? (
          <Alert color="teal.9" role="status" data-testid="bulk-result">
            <Stack gap={4}>
              <Text>{t("bulkInvoices.result.created", { count: upload.counts.created })}</Text>
              {upload.counts.invalid > 0 ? (
                <Text>{t("bulkInvoices.result.skipped", { count: upload.counts.invalid })}</Text>
              ) : null}
              {upload.send_state !== "none" ? (
                <Text data-testid="bulk-sending" data-state={upload.send_state}>
                  {t(
                    upload.send_state === "done" ? "bulkInvoices.result.sent" : "bulkInvoices.result.sending",
                    {
                      emailed: upload.counts.emailed,
                      texted: upload.counts.texted,
                    },
                  )}
                </Text>
              ) : null}
              <AnchorLink to="/{-$lang}/invoices" params={{ lang }} data-testid="bulk-to-invoices">
                {t("bulkInvoices.result.toInvoices")}
              </AnchorLink>
            </Stack>
          </Alert>
        ) : (
          <Text size="sm">
            {upload.counts.invalid > 0
              ? t("bulkInvoices.preview.fixHint")
              : t("bulkInvoices.preview.allValid")}
          </Text>
        )}
        {failure ? (
          <Alert color="red.9" role="alert" data-testid="bulk-submit-error">
            {failure}
          </Alert>
        ) : null}
        {!submitted ? (
          <Switch
            checked={onlyBad}
            onChange={(e) => {
              setOnlyBad(e.currentTarget.checked);
              setPage(1);
            }}
            label={t("bulkInvoices.preview.onlyBad")}
            data-testid="bulk-only-bad"
          />
        ) : null}
        <ScrollArea
          type="auto"
          // The wide table scrolls sideways: the region takes the focus so the keyboard can scroll it too.
          viewportProps={{ tabIndex: 0, role: "region", "aria-label": t("bulkInvoices.preview.tableLabel") }}
        >
          <Table
            striped
            withTableBorder
            aria-label={t("bulkInvoices.preview.tableLabel")}
            data-testid="bulk-preview-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("bulkInvoices.preview.line")}</Table.Th>
                <Table.Th scope="col">{t("bulkInvoices.preview.state")}</Table.Th>
                {BULK_COLUMNS.map((c) => (
                  <Table.Th key={c} scope="col">
                    {t(`bulkInvoices.columns.${c}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row) => {
                const bad = Object.keys(row.errors).length > 0;
                return (
                  <Table.Tr
                    key={row.line}
                    data-testid={`bulk-row-${row.line}`}
                    data-valid={bad ? "false" : "true"}
                  >
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>
                      {bad && !submitted ? (
                        <Button
                          size="compact-sm"
                          color="red.9"
                          variant="light"
                          onClick={() => setFixing(row)}
                          aria-label={t("bulkInvoices.preview.fixLine", { line: row.line })}
                          data-testid={`bulk-fix-${row.line}`}
                        >
                          {t("bulkInvoices.preview.fix")}
                        </Button>
                      ) : (
                        <Badge variant="light" color={bad ? "gray.8" : "teal.9"}>
                          {bad ? t("bulkInvoices.preview.skipped") : t("bulkInvoices.preview.ok")}
                        </Badge>
                      )}
                    </Table.Td>
                    {BULK_COLUMNS.map((c) => {
                      const codes = row.errors[c];
                      return (
                        <Table.Td
                          key={c}
                          data-testid={`bulk-cell-${row.line}-${c}`}
                          data-problem={codes?.join(" ") ?? undefined}
                          bg={codes ? "red.0" : undefined}
                        >
                          <Text size="sm" dir="auto">
                            {row.values[c]}
                          </Text>
                          {codes ? (
                            <Text size="xs" c="red.9" fw={600}>
                              {codes.map(problemText).join(" ")}
                            </Text>
                          ) : null}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {visible.length === 0 ? <Text c="dimmed">{t("bulkInvoices.preview.noneBad")}</Text> : null}
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({
              "aria-label": t(`bulkInvoices.preview.pageControl.${control}`),
            })}
            getItemProps={(n) => ({ "aria-label": t("bulkInvoices.preview.pageNumber", { page: n }) })}
          />
        ) : null}
        {!submitted ? (
          <Group justify="flex-end">
            <Button
              onClick={() => setConfirm(true)}
              disabled={upload.counts.valid === 0}
              data-testid="bulk-submit"
            >
              {t("bulkInvoices.preview.submit", { count: upload.counts.valid })}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {fixing ? (
        <FixRowModal row={fixing} saving={fix.isPending} onSave={save} onClose={() => setFixing(null)} />
      ) : null}
      <ConfirmModal
        opened={confirm}
        onClose={() => setConfirm(false)}
        title={t("bulkInvoices.confirm.title")}
        body={t("bulkInvoices.confirm.body", { valid: upload.counts.valid, invalid: upload.counts.invalid })}
        confirmLabel={t("bulkInvoices.confirm.confirm")}
        loading={submit.isPending}
        onConfirm={create}
        testId="bulk-submit-confirm"
      />
    </Paper>
  );
}
