import { Badge, Button, Collapse, Group, Paper, Select, SimpleGrid, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDatePickerLabels } from "../useDatePickerLabels.ts";

export type FilterField =
  | { key: string; kind: "text" | "number" | "amount" | "last4" }
  | { key: string; kind: "select"; options: { value: string; label: string }[] }
  | { key: string; kind: "bool" };

interface Props {
  /** "date_from"/"date_to" get one range picker; the other fields follow. */
  fields: FilterField[];
  values: Record<string, string>;
  label: (key: string) => string;
  onApply: (values: Record<string, string | undefined>) => void;
  testId: string;
}

function problemOf(field: FilterField, value: string): "invalidNumber" | "cardLast4Invalid" | undefined {
  if (!value) return undefined;
  if (field.kind === "number" && !/^\d+$/.test(value)) return "invalidNumber";
  if (field.kind === "amount" && !/^\d+(\.\d{1,3})?$/.test(value)) return "invalidNumber";
  if (field.kind === "last4" && !/^\d{4}$/.test(value)) return "cardLast4Invalid";
  return undefined;
}

/**
 * The filter panel: edits a draft and applies it to the URL in one go (Apply or Enter), so the list is asked once
 * per change of mind, not per key stroke.
 */
export function FiltersPanel({ fields, values, label, onApply, testId }: Props) {
  const { t } = useTranslation();
  const dateLabels = useDatePickerLabels();
  const active = Object.keys(values).length;
  const [open, setOpen] = useState(active > 0);
  const [draft, setDraft] = useState<Record<string, string>>(values);
  const [showProblems, setShowProblems] = useState(false);
  const set = (key: string, value: string | null) => setDraft((d) => ({ ...d, [key]: value ?? "" }));
  const problems = fields
    .map((f) => [f.key, problemOf(f, draft[f.key] ?? "")] as const)
    .filter((p): p is readonly [string, "invalidNumber" | "cardLast4Invalid"] => p[1] !== undefined);
  const apply = () => {
    setShowProblems(true);
    if (problems.length) return;
    onApply(draft);
  };
  const reset = () => {
    setDraft({});
    setShowProblems(false);
    onApply({});
  };
  const yesNo = [
    { value: "true", label: t("transactions.filters.yes") },
    { value: "false", label: t("transactions.filters.no") },
  ];
  const range: [string | null, string | null] = [draft.date_from || null, draft.date_to || null];

  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Group justify="space-between">
        <Button
          variant="subtle"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={`${testId}-body`}
          data-testid={`${testId}-toggle`}
        >
          {open ? t("transactions.filters.hide") : t("transactions.filters.show")}
        </Button>
        {active ? (
          <Badge variant="outline" data-testid={`${testId}-active`}>
            {t("transactions.filters.active", { count: active })}
          </Badge>
        ) : null}
      </Group>
      <Collapse expanded={open} id={`${testId}-body`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="sm" spacing="sm">
            <DatePickerInput
              {...dateLabels}
              type="range"
              label={label("dates")}
              value={range}
              onChange={([from, to]) => setDraft((d) => ({ ...d, date_from: from ?? "", date_to: to ?? "" }))}
              clearable
              allowSingleDateInRange
              valueFormat="DD MMM YYYY"
              data-testid={`${testId}-dates`}
            />
            {fields.map((field) => {
              const value = draft[field.key] ?? "";
              const problem = showProblems ? problemOf(field, value) : undefined;
              const common = {
                size: "sm" as const,
                label: label(field.key),
                "data-testid": `filter-${field.key}`,
              };
              if (field.kind === "select" || field.kind === "bool") {
                return (
                  <Select
                    key={field.key}
                    {...common}
                    data={field.kind === "bool" ? yesNo : field.options}
                    value={value || null}
                    onChange={(v) => set(field.key, v)}
                    placeholder={t("transactions.filters.any")}
                    clearable
                    comboboxProps={{ withinPortal: true }}
                  />
                );
              }
              return (
                <TextInput
                  key={field.key}
                  {...common}
                  value={value}
                  onChange={(e) => set(field.key, e.currentTarget.value)}
                  inputMode={field.kind === "text" ? undefined : "decimal"}
                  error={problem ? t(`transactions.filters.${problem}`) : undefined}
                />
              );
            })}
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={reset} data-testid={`${testId}-reset`}>
              {t("transactions.filters.reset")}
            </Button>
            <Button type="submit" data-testid={`${testId}-apply`}>
              {t("transactions.filters.apply")}
            </Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
