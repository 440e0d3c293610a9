import { Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import {
  BULK_COLUMNS,
  type BulkColumn,
  type BulkRowValues,
  checkBulkRow,
} from "@portal/domain/api/bulk-invoices";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BulkRow } from "../../api/bulk-invoices.api.ts";
import { useProblemText } from "./useProblemText.ts";

/**
 * Fixing one row in place: every cell of the row, checked as it is typed with the same rules as the server
 * (checkBulkRow: the invoice form's rules); the server's own marks (an id used before) show until saved again.
 */
export function FixRowModal({
  row,
  saving,
  onSave,
  onClose,
}: {
  row: BulkRow;
  saving: boolean;
  onSave: (values: BulkRowValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [values, setValues] = useState<BulkRowValues>(row.values);
  const [touched, setTouched] = useState<Set<BulkColumn>>(new Set());
  const local = checkBulkRow(values).errors;
  const errorOf = (column: BulkColumn): string | undefined => {
    const codes = touched.has(column) ? local[column] : (local[column] ?? row.errors[column]);
    return codes && codes.length > 0 ? codes.map(problemText).join(" ") : undefined;
  };
  const set = (column: BulkColumn, value: string) => {
    setValues((v) => ({ ...v, [column]: value }));
    setTouched((s) => new Set(s).add(column));
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t("bulkInvoices.fix.title", { line: row.line })}
      closeButtonProps={{ "aria-label": t("bulkInvoices.fix.cancel") }}
      data-testid="bulk-fix-modal"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(values);
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {BULK_COLUMNS.map((column) => {
              const common = {
                label: t(`bulkInvoices.columns.${column}`),
                value: values[column],
                error: errorOf(column),
                maxLength: 1000,
                "data-testid": `bulk-fix-${column}`,
              };
              return column === "order_description" ? (
                <Textarea
                  key={column}
                  {...common}
                  rows={3}
                  onChange={(e) => set(column, e.currentTarget.value)}
                />
              ) : (
                <TextInput key={column} {...common} onChange={(e) => set(column, e.currentTarget.value)} />
              );
            })}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("bulkInvoices.fix.cancel")}
            </Button>
            <Button type="submit" loading={saving} data-testid="bulk-fix-save">
              {t("bulkInvoices.fix.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
