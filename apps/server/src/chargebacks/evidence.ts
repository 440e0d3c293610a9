import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { CHARGEBACK_MESSAGES, EVIDENCE_MAX_BYTES, type EvidenceType } from "@portal/domain";
import { HttpError } from "../http/errors.ts";
import { sniffImage } from "../images/images.service.ts";

/**
 * Chargeback evidence files (direction principle 15): their type is read from their content (PNG, JPEG, PDF;
 * never from the name or a declared type), their size is bounded, and they are stored in the database encrypted
 * with the data key (AES-256-GCM, bound to the chargeback), served with their true type and nosniff.
 */

const PDF_SIGNATURE = Buffer.from("%PDF-", "latin1");

/**
 * The file's type by its content, or null when it is none of PNG, JPEG and PDF: images as the images feature
 * reads them (images.service.ts sniffImage: well-formed PNG or JPEG), a PDF by its "%PDF-" header.
 */
export function sniffEvidenceType(bytes: Uint8Array): EvidenceType | null {
  const image = sniffImage(bytes);
  if (image) return image;
  if (bytes.length > PDF_SIGNATURE.length && PDF_SIGNATURE.every((b, i) => bytes[i] === b))
    return "application/pdf";
  return null;
}

export interface CheckedEvidence {
  name: string;
  type: EvidenceType;
  bytes: Buffer;
}

/** Decodes and checks every file; the first bad one refuses the whole answer (nothing is stored). */
export function checkEvidenceFiles(files: { name: string; content_base64: string }[]): CheckedEvidence[] {
  return files.map((f, index) => {
    const bytes = Buffer.from(f.content_base64, "base64");
    const fail = (message: string) =>
      new HttpError(400, "validation", message, { [`files.${index}`]: [message], files: [message] });
    if (bytes.length > EVIDENCE_MAX_BYTES) throw fail(CHARGEBACK_MESSAGES.fileSize);
    const type = sniffEvidenceType(bytes);
    if (!type) throw fail(CHARGEBACK_MESSAGES.fileType);
    return { name: f.name.trim() || `evidence-${index + 1}`, type, bytes };
  });
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const context = (chargebackId: number) => Buffer.from(`chargeback:${chargebackId}:evidence`, "utf8");

/** iv | tag | ciphertext, with the chargeback bound as associated data (a copied file fails elsewhere). */
export function encryptEvidence(bytes: Buffer, key: Buffer, chargebackId: number): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(context(chargebackId));
  const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function decryptEvidence(stored: Buffer, key: Buffer, chargebackId: number): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, stored.subarray(0, IV_BYTES));
  decipher.setAAD(context(chargebackId));
  decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
