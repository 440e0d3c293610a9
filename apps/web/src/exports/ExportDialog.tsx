import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Modal, Select, Stack } from "@mantine/core";
import { EXPORT_STATUS_CHOICES } from "@portal/domain/transaction-types";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isApiError } from "../api/errors.ts";
import { useCreateExport } from "../api/exports.api.ts";
import { reportError } from "../api/reportError.ts";
import { toast } from "../app/toast.ts";
import { DateRangeField } from "../components/DateRangeField.tsx";
import { rangeProblem } from "./range.ts";

const schema = z
  .object({
    range: z.tuple([z.string().nullable(), z.string().nullable()]),
    status: z.enum(EXPORT_STATUS_CHOICES),
  })
  .superRefine((value, ctx) => {
    const problem = rangeProblem(value.range[0], value.range[1]);
    if (problem) ctx.addIssue({ code: "custom", path: ["range"], message: problem });
  });
type Values = z.infer<typeof schema>;

interface Props {
  opened: boolean;
  onClose: () => void;
  /** merchants: the bank's merchants summary (docs/backoffice.md). */
  kind: "transactions" | "orders" | "merchants";
  isLive: boolean;
}

/** Export Transactions (or Orders): a date range of at most one month and a status; runs as a server job. */
export function ExportDialog({ opened, onClose, kind, isLive }: Props) {
  const { t } = useTranslation();
  const create = useCreateExport();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { range: [null, null], status: "trx_all" },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        date_from: values.range[0] as string,
        date_to: values.range[1] as string,
        status: values.status,
        kind,
        is_live: isLive,
      });
    } catch (err) {
      // The server lets a user have only a few exports in progress (429): say so here, where the user waits.
      if (isApiError(err) && err.code === "too_many_exports")
        form.setError("root", { type: "server", message: "tooMany" });
      else reportError(err);
      throw err;
    }
    toast.success(t("exports.created"));
    form.reset();
    onClose();
  });
  const rangeError = form.formState.errors.range?.message;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        kind === "orders"
          ? t("exports.ordersTitle")
          : kind === "merchants"
            ? t("merchants.exportTitle")
            : t("exports.title")
      }
      closeButtonProps={{ "aria-label": t("transactions.actions.close") }}
      data-testid="export-dialog"
    >
      <form onSubmit={(e) => void submit(e).catch(() => undefined)} noValidate>
        <Stack>
          {form.formState.errors.root?.message === "tooMany" && (
            <Alert color="red" role="alert" data-testid="export-too-many">
              {t("exports.tooMany")}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="range"
            render={({ field }) => (
              <DateRangeField
                label={t("exports.range")}
                description={t("exports.rangeHint")}
                value={field.value}
                onChange={field.onChange}
                required
                error={
                  rangeError === "rangeRequired" || rangeError === "rangeTooLong"
                    ? t(`transactions.validation.${rangeError}`)
                    : undefined
                }
                testId="export-range"
              />
            )}
          />
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select
                label={t("exports.status")}
                data={EXPORT_STATUS_CHOICES.map((s) => ({ value: s, label: t(`exports.statuses.${s}`) }))}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                allowDeselect={false}
                required
                data-testid="export-status"
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("exports.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="export-submit">
              {t("exports.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
