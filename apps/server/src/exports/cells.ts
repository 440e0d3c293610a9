/**
 * Spreadsheet formula injection: a cell text starting with = + - @ tab or carriage return is run as a formula
 * by Excel and LibreOffice. Such texts get a leading apostrophe (OWASP's advice), in CSV and XLSX alike.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field (RFC 4180): protected, then quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = safeCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: (string | number | boolean | null)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
