import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Paper, Select, Stack, Title } from "@mantine/core";
import { MERCHANT_REPORT_TYPES, REPORT_TYPES, type ReportType } from "@portal/domain/api/reports";
import { EXPORT_STATUS_CHOICES } from "@portal/domain/transaction-types";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isApiError } from "../../api/errors.ts";
import { reportError } from "../../api/reportError.ts";
import { useCreateReport } from "../../api/reports.api.ts";
import { toast } from "../../app/toast.ts";
import { DateRangeField } from "../../components/DateRangeField.tsx";
import { rangeProblem } from "../../exports/range.ts";

const schema = z
  .object({
    type: z.enum(REPORT_TYPES),
    range: z.tuple([z.string().nullable(), z.string().nullable()]),
    status: z.enum(EXPORT_STATUS_CHOICES),
  })
  .superRefine((value, ctx) => {
    const problem = rangeProblem(value.range[0], value.range[1]);
    if (problem) ctx.addIssue({ code: "custom", path: ["range"], message: problem });
  });
type Values = z.infer<typeof schema>;

/**
 * Generate report (back-office.md "Reports"): a type (a bank also has merchants), a date range of at most one
 * month and, for transactions, a status. The server answers at once ('Request Submitted'); the file is written by
 * a job and appears Pending in the summary table until it can be downloaded.
 */
export function GenerateReport({ isBank, isLive }: { isBank: boolean; isLive: boolean }) {
  const { t } = useTranslation();
  const create = useCreateReport();
  const types: readonly ReportType[] = isBank ? REPORT_TYPES : MERCHANT_REPORT_TYPES;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { type: "transactions", range: [null, null], status: "trx_all" },
  });
  const type = form.watch("type");
  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        type: values.type,
        date_from: values.range[0] as string,
        date_to: values.range[1] as string,
        status: values.status,
        is_live: isLive,
      });
    } catch (err) {
      if (isApiError(err) && err.code === "too_many_exports")
        form.setError("root", { type: "server", message: "tooMany" });
      else reportError(err);
      return;
    }
    toast.success(t("reportFiles.submitted"));
    form.reset({ type: values.type, range: [null, null], status: "trx_all" });
  });
  const rangeError = form.formState.errors.range?.message;

  return (
    <Paper withBorder radius="lg" p="md" data-testid="report-generate">
      <Title order={2} size="h4" mb="sm" id="report-generate-title">
        {t("reportFiles.generate")}
      </Title>
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="report-generate-title">
        <Stack>
          {form.formState.errors.root?.message === "tooMany" && (
            <Alert color="red" role="alert" data-testid="report-too-many">
              {t("exports.tooMany")}
            </Alert>
          )}
          <Group align="flex-start" grow wrap="wrap">
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <Select
                  label={t("reportFiles.type")}
                  data={types.map((v) => ({ value: v, label: t(`reportFiles.types.${v}`) }))}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  allowDeselect={false}
                  required
                  data-testid="report-type"
                />
              )}
            />
            <Controller
              control={form.control}
              name="range"
              render={({ field }) => (
                <DateRangeField
                  label={t("reportFiles.range")}
                  description={t("exports.rangeHint")}
                  value={field.value}
                  onChange={field.onChange}
                  required
                  error={
                    rangeError === "rangeRequired" || rangeError === "rangeTooLong"
                      ? t(`transactions.validation.${rangeError}`)
                      : undefined
                  }
                  testId="report-range"
                />
              )}
            />
            {type === "transactions" || type === "merchants" ? (
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
                    data-testid="report-status"
                  />
                )}
              />
            ) : null}
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} data-testid="report-submit">
              {t("reportFiles.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
