/**
 * Text for PDFs in English and Arabic: one bidi-aware layout on top of pdfkit (issue 18).
 *
 * Usage:
 *
 *   import { drawText, registerPdfFonts, textWidth } from "../pdf/text.ts";
 *
 *   const doc = new PDFDocument({ size: "A4", margin: 36 });
 *   registerPdfFonts(doc);                       // once per document: Noto Sans + Noto Sans Arabic, 400 and 700
 *   drawText(doc, "كشف حساب شهر 2026-10 — Acme Store", { dir: "rtl", size: 16, weight: "bold" });
 *   drawText(doc, "المبلغ 1,250.00 EGP", { x: 36, y: 120, width: 200, dir: "rtl" }); // right-aligned cell
 *   drawText(doc, "EGP 1,250.00", { x: 236, y: 120, width: 100, align: "end", dir: "ltr" });
 *   const w = textWidth(doc, "1,250.00 EGP", { size: 10 });  // for column widths
 *   const { height } = measureText(doc, longText, { width: 200 }); // row heights, without drawing
 *
 * - `text` is logical (as typed, as stored). Each paragraph ("\n" separates them) goes through the Unicode
 *   Bidirectional Algorithm with base direction `dir` ("rtl" for an Arabic document, "ltr" for English,
 *   "auto" = the first strong letter's; default "auto"), is wrapped to `width`, and every line is reordered
 *   into visual order: Arabic words right to left and shaped (joined letters), numbers, codes (EGP, order
 *   ids, card endings) and Latin names left to right where the algorithm puts them, brackets mirrored.
 * - `align`: "start" (default: right for an RTL paragraph, left for LTR), "end", "left", "right", "center".
 * - `x`, `y` default to doc.x, doc.y; `width` to the rest of the line up to the right margin. `y` is the top
 *   of the first line. Afterwards doc.x = x and doc.y = the bottom of the text, as doc.text() leaves them, so
 *   flowing layouts work; the document's font is left at the Latin face of that size and weight.
 * - `size` (default 12), `weight` ("regular" | "bold"), `color` (default: the current fill colour),
 *   `lineGap` (extra points between lines, default 0), `wrap` (default true; false keeps each paragraph on one
 *   line however long).
 * - Arabic letters use Noto Sans Arabic, everything else Noto Sans; a line's height is the tallest face's.
 * - Returns { width, height, lines }: the widest line's width, the height used and the number of lines.
 */
import { createRequire } from "node:module";
import type PDFDocument from "pdfkit";
import {
  breakLines,
  type Direction,
  type FontKind,
  fontKindOf,
  lineToPieces,
  type Piece,
  paragraphOf,
  shapingInput,
} from "./bidi.ts";

type Doc = typeof PDFDocument.prototype;
export type Weight = "regular" | "bold";
export type Align = "start" | "end" | "left" | "right" | "center";

export interface TextOptions {
  x?: number;
  y?: number;
  width?: number;
  align?: Align;
  dir?: Direction | "auto";
  size?: number;
  weight?: Weight;
  color?: string;
  lineGap?: number;
  wrap?: boolean;
}

export interface TextBox {
  width: number;
  height: number;
  lines: number;
}

const require = createRequire(import.meta.url);
const FACES: Record<FontKind, Record<Weight, string>> = {
  latin: {
    regular: require.resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff"),
    bold: require.resolve("@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff"),
  },
  arabic: {
    regular: require.resolve("@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff"),
    bold: require.resolve("@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff"),
  },
};

/** The name under which registerPdfFonts registers a face. */
export function fontName(kind: FontKind, weight: Weight = "regular"): string {
  return `portal-${kind}-${weight}`;
}

/** Registers the four faces the layout uses (pdfkit embeds only those actually drawn). */
export function registerPdfFonts(doc: Doc): void {
  for (const kind of ["latin", "arabic"] as const) {
    for (const weight of ["regular", "bold"] as const)
      doc.registerFont(fontName(kind, weight), FACES[kind][weight]);
  }
}

/** Arabic needs the whole run shaped at once (pdfkit otherwise lays out word by word, in logical order). */
const SHAPED = ["rlig", "calt", "liga", "kern"];

/** The current face's metrics in thousandths of the size: pdfkit keeps them on a field its types do not show. */
function metrics(doc: Doc): { ascender: number; descender: number; lineGap: number } {
  // biome-ignore lint/suspicious/noExplicitAny: pdfkit's typings omit the current font object (_font).
  const font = (doc as any)._font as { ascender: number; descender: number; lineGap: number };
  return font;
}

function useFace(doc: Doc, kind: FontKind, weight: Weight, size: number): Doc {
  return doc.font(fontName(kind, weight)).fontSize(size);
}

/** The width of a logical range drawn on one line (order does not change widths; shaping is per face run). */
function rangeWidth(doc: Doc, text: string, weight: Weight, size: number): number {
  let width = 0;
  for (const run of faceRuns(text)) {
    const face = useFace(doc, run.font, weight, size);
    width += face.widthOfString(run.text, run.font === "arabic" ? { features: SHAPED } : {});
  }
  return width;
}

function faceRuns(text: string): { text: string; font: FontKind }[] {
  const runs: { text: string; font: FontKind }[] = [];
  for (const char of text) {
    const font =
      /\p{M}/u.test(char) && runs.length > 0
        ? (runs[runs.length - 1] as { font: FontKind }).font
        : fontKindOf(char);
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs.map((r) => ({
    ...r,
    text: r.text.replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]/g, ""),
  }));
}

/** The width of `text` on one line at `size` (default 12) and `weight`. */
export function textWidth(doc: Doc, text: string, options: { size?: number; weight?: Weight } = {}): number {
  const size = options.size ?? 12;
  const weight = options.weight ?? "regular";
  const width = Math.max(0, ...text.split("\n").map((p) => rangeWidth(doc, p, weight, size)));
  useFace(doc, "latin", weight, size);
  return width;
}

interface LaidLine {
  pieces: { piece: Piece; width: number }[];
  width: number;
  ascent: number;
  advance: number;
  dir: Direction;
}

function layout(doc: Doc, text: string, options: TextOptions, width: number): LaidLine[] {
  const size = options.size ?? 12;
  const weight = options.weight ?? "regular";
  const lineGap = options.lineGap ?? 0;
  const laid: LaidLine[] = [];
  for (const paragraphText of text.replace(/\r\n?/g, "\n").replace(/\t/g, " ").split("\n")) {
    const paragraph = paragraphOf(paragraphText, options.dir ?? "auto");
    const ranges =
      options.wrap === false
        ? [{ start: 0, end: paragraphText.length }]
        : breakLines(paragraphText, width, (start, end) =>
            rangeWidth(doc, paragraphText.slice(start, end), weight, size),
          );
    for (const range of ranges) {
      const pieces = lineToPieces(paragraph, range.start, range.end).map((piece) => ({
        piece,
        width: useFace(doc, piece.font, weight, size).widthOfString(
          piece.text,
          piece.font === "arabic" ? { features: SHAPED } : {},
        ),
      }));
      const kinds = new Set<FontKind>(["latin", ...pieces.map((p) => p.piece.font)]);
      let ascent = 0;
      let descent = 0;
      let gap = 0;
      for (const kind of kinds) {
        const m = metrics(useFace(doc, kind, weight, size));
        ascent = Math.max(ascent, (m.ascender / 1000) * size);
        descent = Math.max(descent, (-m.descender / 1000) * size);
        gap = Math.max(gap, (m.lineGap / 1000) * size);
      }
      laid.push({
        pieces,
        width: pieces.reduce((sum, p) => sum + p.width, 0),
        ascent,
        advance: ascent + descent + gap + lineGap,
        dir: paragraph.dir,
      });
    }
  }
  return laid;
}

function boxOf(lines: LaidLine[]): TextBox {
  return {
    width: Math.max(0, ...lines.map((l) => l.width)),
    height: lines.reduce((sum, l) => sum + l.advance, 0),
    lines: lines.length,
  };
}

function defaultWidth(doc: Doc, x: number): number {
  return doc.page.width - doc.page.margins.right - x;
}

/** The box `text` would take with these options, without drawing it. */
export function measureText(doc: Doc, text: string, options: TextOptions = {}): TextBox {
  const x = options.x ?? doc.x;
  const box = boxOf(layout(doc, text, options, options.width ?? defaultWidth(doc, x)));
  useFace(doc, "latin", options.weight ?? "regular", options.size ?? 12);
  return box;
}

/** Draws `text` (logical order) laid out by the bidi algorithm; see the top of this file. */
export function drawText(doc: Doc, text: string, options: TextOptions = {}): TextBox {
  const x = options.x ?? doc.x;
  const y = options.y ?? doc.y;
  const width = options.width ?? defaultWidth(doc, x);
  const weight = options.weight ?? "regular";
  const size = options.size ?? 12;
  const lines = layout(doc, text, options, width);
  if (options.color !== undefined) doc.fillColor(options.color);
  let top = y;
  for (const line of lines) {
    let left = x;
    const side = sideOf(options.align ?? "start", line.dir);
    if (side === "right") left = x + width - line.width;
    else if (side === "center") left = x + (width - line.width) / 2;
    const baseline = top + line.ascent;
    for (const { piece, width: pieceWidth } of line.pieces) {
      if (piece.text.trim() !== "") {
        const input = shapingInput(piece);
        const shaped = piece.font === "arabic" || input.fontkitReverses;
        useFace(doc, piece.font, weight, size).text(input.text, left, baseline, {
          lineBreak: false,
          baseline: "alphabetic",
          ...(shaped ? { features: SHAPED } : {}),
        });
      }
      left += pieceWidth;
    }
    top += line.advance;
  }
  useFace(doc, "latin", weight, size);
  doc.x = x;
  doc.y = top;
  return boxOf(lines);
}

function sideOf(align: Align, dir: Direction): "left" | "right" | "center" {
  if (align === "center") return "center";
  if (align === "left" || align === "right") return align;
  return (align === "start") === (dir === "ltr") ? "left" : "right";
}

export { autoIsolate, ltrIsolate } from "./bidi.ts";

/** A finished document as bytes (for tests and for routes that send the whole file). */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}
