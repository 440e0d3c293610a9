import { inflateRawSync } from "node:zlib";
import {
  BULK_CELL_MAX_LENGTH,
  BULK_COLUMNS,
  BULK_FILE_MAX_BYTES,
  BULK_FILE_MESSAGES,
  BULK_INVOICE_MAX_ROWS,
  BULK_REQUIRED_COLUMNS,
  type BulkColumn,
  type BulkFileCode,
  type BulkRowValues,
  interpolate,
} from "@portal/domain";
import ExcelJS from "exceljs";
import { HttpError } from "../http/errors.ts";

/**
 * Reading a bulk invoice file (docs/selling.md "Bulk invoices"). The kind is decided by the bytes, never by the
 * name: an XLSX file is a zip archive whose entries are first inflated here under a budget (so a zip bomb or an
 * encrypted or zip64 archive is refused before exceljs sees it); a CSV file is UTF-8 text without NUL or binary
 * control characters. Either way at most 500 invoice rows are taken; more refuses the preview.
 */

export type BulkFileType = "csv" | "xlsx";

export interface ParsedRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  values: BulkRowValues;
}

export interface ParsedFile {
  type: BulkFileType;
  rows: ParsedRow[];
}

/** What the archive may hold once inflated, and how many entries: an honest 500-row workbook needs far less. */
const XLSX_MAX_INFLATED_BYTES = 24 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 200;

export function bulkFileError(
  code: BulkFileCode,
  params: Record<string, string> = {},
  fields?: Record<string, string[]>,
): HttpError {
  return new HttpError(400, code, interpolate(BULK_FILE_MESSAGES[code], params), fields);
}

export function fileTypeOf(bytes: Buffer): BulkFileType | undefined {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return "xlsx";
  if (isPlainText(bytes)) return "csv";
  return undefined;
}

function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: binary content is what this looks for
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}

/** Walks the zip's central directory and inflates every entry under the budget; throws on anything odd. */
export function checkZip(bytes: Buffer): void {
  const unreadable = () => bulkFileError("bulk_file_unreadable");
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const entries = bytes.readUInt16LE(end + 10);
  const dirSize = bytes.readUInt32LE(end + 12);
  const dirOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0 || entries > XLSX_MAX_ENTRIES || dirOffset + dirSize > end) throw unreadable();
  let budget = XLSX_MAX_INFLATED_BYTES;
  let at = dirOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const declared = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    // Encrypted entries, zip64 sizes and methods other than stored and deflate are not spreadsheets we take.
    if (flags & 1 || compressed === 0xffffffff || declared === 0xffffffff || (method !== 0 && method !== 8))
      throw unreadable();
    if (declared > budget) throw unreadable();
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw unreadable();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) throw unreadable();
    const data = bytes.subarray(start, start + compressed);
    let size: number;
    if (method === 0) size = compressed;
    else {
      try {
        // The real size, whatever the directory declares: inflating stops at the budget.
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch {
        throw unreadable();
      }
    }
    budget -= size;
    if (budget < 0) throw unreadable();
    at += 46 + nameLength + extraLength + commentLength;
  }
}

/** RFC 4180 with the delimiter of the header line (a comma, or the semicolon some spreadsheet locales write). */
export function parseCsv(text: string, maxRecords: number): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    field = "";
    if (record.some((v) => v.trim() !== "")) records.push(record);
    record = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      endRecord();
      if (c === "\r" && text[i + 1] === "\n") i++;
      if (records.length > maxRecords) return records;
    } else field += c;
    i++;
  }
  if (field !== "" || record.length > 0) endRecord();
  return records;
}

function cellText(value: ExcelJS.CellValue, column: BulkColumn | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Date) {
    const iso = value.toISOString();
    return column === "expiry_date" ? iso.slice(0, 10) : iso;
  }
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("result" in value) return cellText((value.result ?? null) as ExcelJS.CellValue, column);
  if ("text" in value) return typeof value.text === "string" ? value.text : "";
  if ("error" in value) return String(value.error);
  return "";
}

async function xlsxRecords(bytes: Buffer, maxRecords: number): Promise<string[][]> {
  checkZip(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw bulkFileError("bulk_file_unreadable");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw bulkFileError("bulk_file_empty");
  const records: string[][] = [];
  let header: (BulkColumn | undefined)[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (records.length > maxRecords) return;
    const cells: string[] = [];
    const count = Math.min(row.cellCount, 64);
    for (let c = 1; c <= count; c++) cells.push(cellText(row.getCell(c).value, header[c - 1]));
    if (records.length === 0) header = cells.map(columnOf);
    if (cells.some((v) => v.trim() !== "")) records.push(cells);
  });
  return records;
}

/** A header cell's column: case, spaces, hyphens and the template's required-field stars do not matter. */
export function columnOf(header: string): BulkColumn | undefined {
  const name = header
    .replace(/^\uFEFF/, "")
    .replace(/\*/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (BULK_COLUMNS as readonly string[]).includes(name) ? (name as BulkColumn) : undefined;
}

/** A cell as stored: well-formed, without control characters other than tab and line breaks, bounded. */
function cleanCell(text: string): string {
  return (
    text
      .replace(/\p{Cs}/gu, "")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "")
      .trim()
      .slice(0, BULK_CELL_MAX_LENGTH)
  );
}

const EXAMPLE: Record<BulkColumn, string> = {
  full_name: "Hana Samir",
  phone_number: "+201005550000",
  email: "hana@example.com",
  merchant_order_id: "INV-1001",
  order_name: "Office chairs",
  order_description: "Two office chairs, delivered",
  amount: "1499.50",
  currency: "EGP",
  integration_id: "",
  delivery_needed: "no",
  expiry_date: "",
  expiry_hour: "",
  send_email: "yes",
  send_sms: "no",
};

/** The template: the header row and one example row (the example's integration id is the merchant's first). */
export async function bulkTemplate(format: BulkFileType, integrationId: number | undefined): Promise<Buffer> {
  const example = { ...EXAMPLE, integration_id: integrationId ? String(integrationId) : "" };
  const header = BULK_COLUMNS.map((c) => (BULK_REQUIRED_COLUMNS.includes(c) ? `${c}*` : c));
  if (format === "csv") {
    const line = (cells: string[]) =>
      `${cells.map((v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(",")}\r\n`;
    return Buffer.from(`\uFEFF${line(header)}${line(BULK_COLUMNS.map((c) => example[c]))}`, "utf8");
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Invoices");
  // Text cells, so phone numbers keep their leading zero and amounts their decimals.
  sheet.columns = BULK_COLUMNS.map((c, i) => ({
    header: header[i],
    key: c,
    width: 22,
    style: { numFmt: "@" },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(example);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Decodes, checks and parses an uploaded file; throws the bulk file errors (400) on anything it refuses. */
export async function readBulkFile(bytes: Buffer): Promise<ParsedFile> {
  if (bytes.length === 0) throw bulkFileError("bulk_file_empty");
  if (bytes.length > BULK_FILE_MAX_BYTES) throw bulkFileError("bulk_file_too_big");
  const type = fileTypeOf(bytes);
  if (!type) throw bulkFileError("bulk_file_type");
  // The header and one row more than allowed: enough to tell a file is too large without reading all of it.
  const maxRecords = BULK_INVOICE_MAX_ROWS + 1;
  const records =
    type === "xlsx"
      ? await xlsxRecords(bytes, maxRecords)
      : parseCsv(bytes.toString("utf8").replace(/^\uFEFF/, ""), maxRecords);
  const [header, ...data] = records;
  if (!header) throw bulkFileError("bulk_file_empty");
  const columns = header.map(columnOf);
  const missing = BULK_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0)
    throw bulkFileError("bulk_columns", { columns: missing.join(", ") }, { columns: [...missing] });
  if (data.length > BULK_INVOICE_MAX_ROWS) throw bulkFileError("bulk_too_large");
  if (data.length === 0) throw bulkFileError("bulk_file_empty");
  const rows = data.map((cells, index) => {
    const values = Object.fromEntries(BULK_COLUMNS.map((c) => [c, ""])) as BulkRowValues;
    columns.forEach((column, i) => {
      if (column) values[column] = cleanCell(cells[i] ?? "");
    });
    return { line: index + 2, values };
  });
  return { type, rows };
}
