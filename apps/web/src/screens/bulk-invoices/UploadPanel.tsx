import "@mantine/dropzone/styles.css";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { BULK_INVOICE_MAX_ROWS } from "@portal/domain/api/bulk-invoices";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { bulkTemplateUrl, usePreviewBulk } from "../../api/bulk-invoices.api.ts";
import { isApiError } from "../../api/errors.ts";
import { BULK_ACCEPT, fileAsBase64, tooBig } from "./bulkFile.ts";

const FILE_CODES = new Set([
  "bulk_too_large",
  "bulk_file_too_big",
  "bulk_file_type",
  "bulk_file_unreadable",
  "bulk_file_empty",
  "bulk_columns",
]);

/**
 * The template (CSV, XLSX) and the upload: a drop zone that also opens the file picker from its button, so the
 * keyboard reaches it. A refused file is explained here (over 500 rows, not CSV or XLSX, missing columns).
 */
export function UploadPanel({ isLive, onUploaded }: { isLive: boolean; onUploaded: (id: number) => void }) {
  const { t } = useTranslation();
  const preview = usePreviewBulk();
  const openRef = useRef<() => void>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (tooBig(file)) {
      setProblem(t("bulkInvoices.problems.bulk_file_too_big"));
      return;
    }
    try {
      const upload = await preview.mutateAsync({
        file_name: file.name.slice(0, 255) || "invoices",
        content_base64: await fileAsBase64(file),
        is_live: isLive,
      });
      onUploaded(upload.id);
    } catch (err) {
      const code = isApiError(err) ? err.code : undefined;
      if (code && FILE_CODES.has(code)) {
        const columns = isApiError(err) ? (err.fields.columns ?? []).join(", ") : "";
        setProblem(t(`bulkInvoices.problems.${code as "bulk_columns"}`, { columns }));
      } else setProblem(t("bulkInvoices.upload.failed"));
    }
  };

  return (
    <Paper p="md" radius="lg" withBorder>
      <Stack>
        <Title order={2} size="h4">
          {t("bulkInvoices.upload.title")}
        </Title>
        <Text size="sm">{t("bulkInvoices.upload.intro", { max: BULK_INVOICE_MAX_ROWS })}</Text>
        <Group gap="xs">
          <Button
            component="a"
            variant="light"
            href={bulkTemplateUrl("xlsx", isLive)}
            download
            data-testid="bulk-template-xlsx"
          >
            {t("bulkInvoices.upload.templateXlsx")}
          </Button>
          <Button
            component="a"
            variant="light"
            href={bulkTemplateUrl("csv", isLive)}
            download
            data-testid="bulk-template-csv"
          >
            {t("bulkInvoices.upload.templateCsv")}
          </Button>
        </Group>
        <Dropzone
          onDrop={(files) => void upload(files[0])}
          onReject={() => setProblem(t("bulkInvoices.problems.bulk_file_type"))}
          accept={BULK_ACCEPT}
          multiple={false}
          openRef={openRef}
          activateOnClick={false}
          loading={preview.isPending}
          inputProps={
            { "aria-label": t("bulkInvoices.upload.choose"), "data-testid": "bulk-file-input" } as object
          }
          data-testid="bulk-dropzone"
        >
          <Stack align="center" gap="xs" py="lg">
            <Text fw={600}>{t("bulkInvoices.upload.drop")}</Text>
            <Text size="sm" c="dimmed">
              {t("bulkInvoices.upload.types")}
            </Text>
            <Button onClick={() => openRef.current?.()} data-testid="bulk-choose">
              {t("bulkInvoices.upload.choose")}
            </Button>
          </Stack>
        </Dropzone>
        {problem ? (
          <Alert color="red.9" role="alert" data-testid="bulk-upload-error">
            {problem}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
