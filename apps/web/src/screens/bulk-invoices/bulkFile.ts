import { BULK_FILE_MAX_BYTES } from "@portal/domain/api/bulk-invoices";

/** Reads a chosen file as base64 for the preview request; the server checks its content, this only its size. */
export async function fileAsBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export function tooBig(file: File): boolean {
  return file.size > BULK_FILE_MAX_BYTES;
}

/** The file types the upload offers (the server decides by content, not by these). */
export const BULK_ACCEPT = {
  "text/csv": [".csv"],
  "application/vnd.ms-excel": [".csv"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
};
