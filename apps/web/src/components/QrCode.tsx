import { Alert, Button, Image, Loader, Stack } from "@mantine/core";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export interface QrCodeProps {
  /** What the code encodes: the address a customer opens (a payment link, an invoice, a QR payment). */
  url: string;
  /** The accessible name of the image, e.g. "QR code of payment link 42"; defaults to a generic one. */
  label?: string;
  /** The downloaded file's name without extension. */
  fileName?: string;
  /** Side in CSS pixels (the PNG is rendered at twice that for a sharp print). */
  size?: number;
  testId?: string;
}

/**
 * A scannable QR code of a URL with a PNG download. Shared by payment links, invoices and QR payment.
 * The image is a data URL rendered in the browser (the `qrcode` package): nothing leaves the page.
 */
export function QrCode({ url, label, fileName = "qr-code", size = 200, testId = "qr-code" }: QrCodeProps) {
  const { t } = useTranslation();
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 2, width: size * 2 })
      .then((data) => {
        if (live) setDataUrl(data);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [url, size]);

  if (failed) {
    return (
      <Alert color="red" data-testid={`${testId}-error`}>
        {t("qrCode.failed")}
      </Alert>
    );
  }
  if (!dataUrl) return <Loader size="sm" aria-label={t("qrCode.loading")} />;
  const name = label ?? t("qrCode.label");
  return (
    <Stack align="center" gap="xs" data-testid={testId} data-url={url}>
      <Image src={dataUrl} alt={name} w={size} h={size} fit="contain" />
      <Button
        component="a"
        href={dataUrl}
        download={`${safeFileName(fileName)}.png`}
        variant="light"
        aria-label={t("qrCode.downloadNamed", { name })}
        data-testid={`${testId}-download`}
      >
        {t("qrCode.download")}
      </Button>
    </Stack>
  );
}

/** A download name of letters, digits, dashes and underscores only. */
function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 80);
  return cleaned.length > 0 ? cleaned : "qr-code";
}
