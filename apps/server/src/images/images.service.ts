import { createHash, randomBytes } from "node:crypto";
import {
  IMAGE_ERRORS,
  IMAGE_MAX_BYTES,
  type ImageErrorCode,
  type ImagePurpose,
  type StoredImage,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { insertImage } from "./images.repository.ts";

/**
 * Images checked by content (direction principle 11; docs/security.md): PNG or JPEG only, known by their magic
 * bytes and a structure walked to the end (nothing after the PNG's IEND or the JPEG's EOI: no polyglot with an
 * archive or a page appended), no markup anywhere in the bytes, within the purpose's size. The client's file name
 * and declared type decide nothing except a refusal: a name with a path, or of another type, is refused.
 * A refused file is not stored; a stored one is served with its true type and nosniff (images.routes.ts).
 */

export interface ImageFile {
  bytes: Uint8Array;
  /** The uploaded file's name, if the client sent one. */
  name?: string | undefined;
  /** The declared content type, if any (never trusted, only refused when it names another type). */
  contentType?: string | undefined;
}

export type ImageType = StoredImage["content_type"];

function refuse(code: ImageErrorCode, status = 400): HttpError {
  const detail = IMAGE_ERRORS[code];
  return new HttpError(status, code, detail, { file: [detail] });
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function u32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
}

/** A PNG from signature to IEND: IHDR first, every chunk inside the file, nothing after IEND. */
function isWellFormedPng(b: Uint8Array): boolean {
  if (b.length < 8 + 25 + 12) return false;
  if (!PNG_SIGNATURE.every((v, i) => b[i] === v)) return false;
  let at = 8;
  let first = true;
  while (at + 12 <= b.length) {
    const length = u32(b, at);
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    if (first && (type !== "IHDR" || length !== 13)) return false;
    first = false;
    const end = at + 12 + length;
    if (end > b.length) return false;
    if (type === "IEND") return length === 0 && end === b.length;
    at = end;
  }
  return false;
}

/** A JPEG from SOI to EOI: well-formed segments up to a frame and the scan, ending with EOI and nothing after. */
function isWellFormedJpeg(b: Uint8Array): boolean {
  if (b.length < 128) return false;
  if (b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return false;
  if (b[b.length - 2] !== 0xff || b[b.length - 1] !== 0xd9) return false;
  let at = 2;
  let frame = false;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = (b[at + 2]! << 8) + b[at + 3]!;
    if (length < 2 || at + 2 + length > b.length) return false;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      frame = true;
    if (marker === 0xda) return frame; // start of scan: the entropy-coded data runs to EOI (checked above)
    if (marker === 0xd9 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01)
      return false;
    at += 2 + length;
  }
  return false;
}

/** Markup a browser could run if it ever read the bytes as a page or SVG (with nosniff it should not). */
const MARKUP = [
  "<script",
  "<svg",
  "<html",
  "<?xml",
  "<!doctype",
  "<iframe",
  "<body",
  "javascript:",
  "<object",
];

function hasMarkup(b: Uint8Array): boolean {
  const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("latin1").toLowerCase();
  return MARKUP.some((m) => text.includes(m));
}

/** The true type of the bytes, or undefined when they are not a well-formed PNG or JPEG. */
export function sniffImage(bytes: Uint8Array): ImageType | undefined {
  if (isWellFormedPng(bytes)) return "image/png";
  if (isWellFormedJpeg(bytes)) return "image/jpeg";
  return undefined;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse control characters in a name
const ALLOWED_NAME = /^[^\\/:*?"<>|\u0000-\u001f\u007f]{1,200}\.(png|jpe?g)$/i;
/** Declared types that do not contradict the content ("text/plain" is what a part without a type reads as). */
const ALLOWED_DECLARED = new Set([
  "",
  "image/png",
  "image/jpeg",
  "image/jpg",
  "image/pjpeg",
  "application/octet-stream",
  "text/plain",
]);

/** Refuses the file (an HttpError with the reason) unless it is an image of the purpose; answers its true type. */
export function checkImage(file: ImageFile, purpose: ImagePurpose = "logo"): ImageType {
  if (file.name !== undefined && file.name !== "") {
    const name = file.name;
    if (name.includes("..") || name.startsWith(".") || !ALLOWED_NAME.test(name)) {
      throw /\.(png|jpe?g)$/i.test(name) ? refuse("image_name") : refuse("image_type");
    }
  }
  const declared = (file.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!ALLOWED_DECLARED.has(declared)) throw refuse("image_type");
  if (file.bytes.byteLength === 0) throw refuse("image_empty");
  if (file.bytes.byteLength > IMAGE_MAX_BYTES[purpose])
    throw refuse(purpose === "logo" ? "image_too_large_logo" : "image_too_large_product", 413);
  const type = sniffImage(file.bytes);
  if (!type || hasMarkup(file.bytes)) throw refuse("image_type");
  return type;
}

/** Where an image is served (relative: the dashboard and the checkout are on the portal's origin). */
export function imageUrl(id: string): string {
  return `/api/images/${id}`;
}

/**
 * Checks an uploaded file and stores it for the merchant; answers the stored image. Throws an HttpError (400,
 * or 413 when too large) with the reason in `code` and nothing stored. Used by the image upload route and by the
 * products' image field.
 */
export async function storeImage(
  db: Kysely<DB>,
  merchantId: number,
  file: ImageFile,
  purpose: ImagePurpose = "logo",
): Promise<StoredImage> {
  const contentType = checkImage(file, purpose);
  const id = randomBytes(16).toString("hex");
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const bytes = Uint8Array.from(file.bytes);
  await insertImage(db, {
    id,
    merchant_id: merchantId,
    content_type: contentType,
    size_bytes: bytes.byteLength,
    sha256,
    bytes,
  });
  return { id, content_type: contentType, size_bytes: bytes.byteLength, sha256, url: imageUrl(id) };
}
