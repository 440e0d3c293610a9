import "@mantine/dropzone/styles.css";
import { Badge, Button, Group, Image, Loader, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import {
  ACTIVATION_MESSAGES,
  ACTIVATION_UPLOAD_MAX_BYTES,
  type ActivationDocumentKind,
  checkUploadCandidate,
} from "@portal/domain/activation";
import type { ActivationApplication, ActivationFile } from "@portal/domain/api/activation";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { deleteDocument, sha256Hex, uploadDocument } from "./activation.api.ts";
import { knownCode } from "./wizardForm.ts";

/**
 * One document of the wizard: click or drag and drop a PNG, JPG or JPEG of at most 4 MB. The browser checks the
 * content (magic bytes), the size and a file already uploaded (same sha256) before sending; the server checks
 * again and stores it. Once uploaded, its preview and Remove.
 */
export function DocumentDrop(props: {
  kind: ActivationDocumentKind;
  label: string;
  required: boolean;
  file: ActivationFile | undefined;
  knownHashes: readonly string[];
  error: string | undefined;
  onUploaded: (file: ActivationFile) => void;
  onApplication: (application: ActivationApplication) => void;
  onUploading: (delta: number) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const testId = `activation-doc-${props.kind}`;
  const say = (code: string | undefined, fallback: string) =>
    knownCode(code, ACTIVATION_MESSAGES) ? t(`activation.messages.${code}`) : fallback;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setBusy(true);
    props.onUploading(1);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const refusal = checkUploadCandidate({ bytes, sha256: await sha256Hex(bytes) }, props.knownHashes);
      if (refusal) {
        setProblem(say(refusal, t("activation.documents.uploadFailed")));
        return;
      }
      props.onUploaded(await uploadDocument(props.kind, file));
    } catch (err) {
      if (isApiError(err) && err.handled) return;
      setProblem(say(isApiError(err) ? err.code : undefined, t("activation.documents.uploadFailed")));
    } finally {
      setBusy(false);
      props.onUploading(-1);
    }
  };
  const rejected = (rejections: FileRejection[]) => {
    const big = rejections.some((r) => r.errors.some((e) => e.code === "file-too-large"));
    setProblem(t(`activation.messages.${big ? "file_too_large" : "file_type_not_accepted"}`));
  };
  const remove = async (file: ActivationFile) => {
    setProblem(null);
    setBusy(true);
    try {
      props.onApplication(await deleteDocument(file.id));
    } catch (err) {
      if (isApiError(err) && err.handled) return;
      setProblem(say(isApiError(err) ? err.code : undefined, t("activation.saveFailed")));
    } finally {
      setBusy(false);
    }
  };

  const shown = problem ?? (props.file ? undefined : props.error);
  return (
    <Stack gap={4} data-testid={testId} data-uploaded={props.file ? "true" : "false"}>
      <Group gap="xs">
        <Text size="sm" fw={500} id={`${testId}-label`}>
          {props.label}
        </Text>
        <Badge size="xs" variant="filled" color={props.required ? "blue.8" : "gray.7"}>
          {props.required ? t("activation.documents.required") : t("activation.documents.optional")}
        </Badge>
      </Group>
      {props.file ? (
        <Group align="center">
          <Image
            src={props.file.url}
            alt={t("activation.documents.preview", { name: props.label })}
            w={120}
            h={90}
            fit="contain"
            data-testid={`${testId}-preview`}
          />
          <Stack gap={4}>
            <Text size="xs" c="dimmed" dir="ltr" data-testid={`${testId}-name`}>
              {props.file.file_name}
            </Text>
            <Button
              variant="default"
              size="xs"
              loading={busy}
              onClick={() => props.file && void remove(props.file)}
              aria-label={`${t("activation.documents.remove")}: ${props.label}`}
              data-testid={`${testId}-remove`}
            >
              {t("activation.documents.remove")}
            </Button>
          </Stack>
        </Group>
      ) : (
        <Dropzone
          onDrop={(files) => void upload(files[0])}
          onReject={rejected}
          maxSize={ACTIVATION_UPLOAD_MAX_BYTES}
          accept={["image/png", "image/jpeg"]}
          multiple={false}
          disabled={busy}
          aria-labelledby={`${testId}-label`}
          inputProps={{ "aria-label": props.label, name: props.kind } as never}
          data-testid={`${testId}-drop`}
          p="md"
        >
          <Group justify="center" gap="xs" mih={48}>
            {busy ? <Loader size="xs" /> : null}
            <Text size="sm" ta="center">
              {t("activation.documents.drop")}
            </Text>
          </Group>
        </Dropzone>
      )}
      {busy && !props.file ? (
        <Text size="sm" role="status" data-testid={`${testId}-uploading`}>
          {t("activation.documents.uploading")}
        </Text>
      ) : null}
      {shown ? (
        <Text size="sm" c="red.9" role="alert" data-testid={`${testId}-error`}>
          {shown}
        </Text>
      ) : null}
    </Stack>
  );
}
