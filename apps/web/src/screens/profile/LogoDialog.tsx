import "@mantine/dropzone/styles.css";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { IMAGE_MAX_BYTES } from "@portal/domain/api/images";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors.ts";
import { useSaveLogo } from "../../api/profile.api.ts";
import { toast } from "../../app/toast.ts";

/**
 * Upload Logo (spec sections 2, 5 and 9): drop or choose a JPG, PNG or JPEG of at most 1 MB; the server checks it
 * by its content, not its name, and a refusal shows its reason with nothing changed.
 */
export function LogoDialog(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    props.onClose();
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      await save.mutateAsync(file);
      toast.success(t("profile.done"));
      close();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setProblem(
        code === "image_too_large_logo" || code === "logo_too_large"
          ? t("profile.logo.tooLarge")
          : code === "image_type" || code === "image_name"
            ? t("profile.logo.wrongType")
            : t("profile.logo.failed"),
      );
    }
  };
  const rejected = (rejections: FileRejection[]) => {
    const big = rejections.some((r) => r.errors.some((e) => e.code === "file-too-large"));
    setProblem(big ? t("profile.logo.tooLarge") : t("profile.logo.wrongType"));
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t("profile.logo.title")}
      closeButtonProps={{ "aria-label": t("profile.close") }}
      data-testid="logo-dialog"
    >
      <Stack>
        <Dropzone
          onDrop={(files) => void upload(files[0])}
          onReject={rejected}
          maxSize={IMAGE_MAX_BYTES.logo}
          accept={["image/png", "image/jpeg"]}
          multiple={false}
          loading={save.isPending}
          aria-label={t("profile.logo.drop")}
          data-testid="logo-drop"
        >
          <Stack align="center" gap={4} py="md" style={{ pointerEvents: "none" }}>
            <Text fw={500}>{t("profile.logo.drop")}</Text>
            <Text size="sm" c="dimmed">
              {t("profile.logo.rules")}
            </Text>
          </Stack>
        </Dropzone>
        {problem ? (
          <Alert color="red" data-testid="logo-problem">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("profile.cancel")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
