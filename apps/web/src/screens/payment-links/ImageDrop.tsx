import "@mantine/dropzone/styles.css";
import { Button, Group, Image, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { IMAGE_MAX_BYTES, type ImagePurpose, type StoredImage } from "@portal/domain/api/images";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors.ts";
import { uploadLinkImage } from "../../api/payment-links.api.ts";

/**
 * A business logo or product image field: drop or choose a PNG or JPEG; the server checks it by content and
 * stores it (POST /api/images); a refusal shows its reason in the user's language and nothing is kept.
 */
export function ImageDrop(props: {
  purpose: ImagePurpose;
  label: string;
  value: StoredImage | null;
  onChange: (image: StoredImage | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tooLarge = props.purpose === "logo" ? "image_too_large_logo" : "image_too_large_product";

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      props.onChange(await uploadLinkImage(file, props.purpose));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setProblem(
        code?.startsWith("image_")
          ? t(`paymentLinks.errors.${code as "image_type"}`)
          : t("paymentLinks.errors.upload_failed"),
      );
    } finally {
      setBusy(false);
    }
  };
  const rejected = (rejections: FileRejection[]) => {
    const big = rejections.some((r) => r.errors.some((e) => e.code === "file-too-large"));
    setProblem(t(`paymentLinks.errors.${big ? tooLarge : "image_type"}`));
  };

  return (
    <Stack gap={4} data-testid={props.testId}>
      <Text size="sm" fw={500} id={`${props.testId}-label`}>
        {props.label}
      </Text>
      {props.value ? (
        <Group>
          <Image
            src={props.value.url}
            alt={props.label}
            w={96}
            h={96}
            fit="contain"
            data-testid={`${props.testId}-preview`}
          />
          <Button
            variant="default"
            size="xs"
            onClick={() => props.onChange(null)}
            data-testid={`${props.testId}-remove`}
          >
            {t("paymentLinks.form.removeImage")}
          </Button>
        </Group>
      ) : (
        <Dropzone
          onDrop={(files) => void upload(files[0])}
          onReject={rejected}
          maxSize={IMAGE_MAX_BYTES[props.purpose]}
          accept={["image/png", "image/jpeg"]}
          multiple={false}
          loading={busy}
          aria-labelledby={`${props.testId}-label`}
          aria-describedby={`${props.testId}-hint`}
          inputProps={{ "aria-label": props.label, name: props.testId } as never}
          data-testid={`${props.testId}-drop`}
        >
          <Text size="sm" ta="center">
            {t("paymentLinks.form.dropImage")}
          </Text>
        </Dropzone>
      )}
      <Text size="xs" c="dimmed" id={`${props.testId}-hint`}>
        {t(props.purpose === "logo" ? "paymentLinks.form.logoHint" : "paymentLinks.form.productImageHint")}
      </Text>
      {problem ? (
        <Text size="sm" c="red.9" role="alert" data-testid={`${props.testId}-error`}>
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
