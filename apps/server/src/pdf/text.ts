/**
 * Text for PDFs in English and Arabic: one bidi-aware layout on top of pdfkit (issue 18).
 *
 * Usage:
 *
 *   import { drawText, ltrIsolate, measureText, registerPdfFonts, textWidth } from "../pdf/text.ts";
 *
 *   const doc = new PDFDocument({ size: "A4", margin: 36 });
 *   registerPdfFonts(doc);                       // once per document: Noto Sans + Noto Sans Arabic, 400 and 700
 *   drawText(doc, `كشف حساب شهر ${ltrIsolate("2026-10")} — Acme Store`, { dir: "rtl", size: 16, weight: "bold" });
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
 * - Arabic letters use Noto Sans Arabic, everything else Noto Sans. Every line's baseline is the same distance
 *   below its top (Noto Sans's ascent), so texts drawn at one y share a baseline; a line with Arabic is deeper.
 * - Codes, dates, card numbers and ids inside an Arabic line: wrap them in ltrIsolate(...) or the algorithm
 *   turns "2026-10-05" into "05-10-2026" (digits after Arabic letters are Arabic numbers). Names typed by
 *   people: autoIsolate(...) (like HTML's <bdi>). Amounts such as "1,250.00 EGP" need neither.
 * - Never adds a page: check the room left with measureText first. Each Arabic word is also written as
 *   ActualText, so copying from the PDF gives the letters as typed.
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

/**
 * pdfkit lays a string out word by word (cached per word) unless features are given, and fontkit shapes each
 * word with its script's default features (Arabic joining forms included). A piece fontkit reverses must be
 * laid out whole, or its words would stay in logical order: an Arabic-face piece never holds a space (spaces
 * are Latin pieces), so only a right-to-left piece with spaces in it (another script) is handed over whole.
 */
const WHOLE = ["rlig", "calt"];

type Metrics = { ascender: number; descender: number; lineGap: number };
const metricsCache = new Map<string, Metrics>();

/** A face's metrics in thousandths of the size: pdfkit keeps them on a field its types do not show. */
function metrics(doc: Doc, kind: FontKind, weight: Weight): Metrics {
  const name = fontName(kind, weight);
  let found = metricsCache.get(name);
  if (!found) {
    doc.font(name);
    // biome-ignore lint/suspicious/noExplicitAny: pdfkit's typings omit the current font object (_font).
    const font = (doc as any)._font as Metrics;
    found = { ascender: font.ascender, descender: font.descender, lineGap: font.lineGap };
    metricsCache.set(name, found);
  }
  return found;
}

function useFace(doc: Doc, kind: FontKind, weight: Weight, size: number): Doc {
  return doc.font(fontName(kind, weight)).fontSize(size);
}

/**
 * Widths per point of size, by face and text: shaping Arabic is the costly part of the layout and a statement
 * repeats the same words on every page. The faces are the four fixed files above, so the widths hold for
 * every document. Bounded: emptied when it grows past 50,000 entries.
 */
const widthCache = new Map<string, number>();

function faceWidth(doc: Doc, kind: FontKind, weight: Weight, size: number, text: string): number {
  if (text === "") return 0;
  const key = `${kind}-${weight}\u0000${text}`;
  let perPoint = widthCache.get(key);
  if (perPoint === undefined) {
    if (widthCache.size >= 50_000) widthCache.clear();
    perPoint = useFace(doc, kind, weight, 100).widthOfString(text) / 100;
    widthCache.set(key, perPoint);
  }
  return perPoint * size;
}

/** The width of a logical range drawn on one line (order does not change widths; shaping is per face run). */
function rangeWidth(doc: Doc, text: string, weight: Weight, size: number): number {
  let width = 0;
  for (const atom of atomsOf(text)) width += faceWidth(doc, atom.font, weight, size, atom.text);
  return width;
}

/**
 * The text cut where the face changes and around each space: the atoms' widths add up to the line's (Arabic
 * joins only inside a word, and pdfkit measures Latin word by word too), so wrapping sums cached atoms.
 */
function atomsOf(text: string): { text: string; font: FontKind; start: number; end: number }[] {
  const atoms: { text: string; font: FontKind; start: number; end: number }[] = [];
  let index = 0;
  for (const char of text) {
    const last = atoms[atoms.length - 1];
    const font = /\p{M}/u.test(char) && last ? last.font : fontKindOf(char);
    const space = char === " ";
    if (last && last.font === font && !space && !last.text.endsWith(" ")) {
      last.text += char;
      last.end = index + char.length;
    } else {
      atoms.push({ text: char, font, start: index, end: index + char.length });
    }
    index += char.length;
  }
  for (const atom of atoms) atom.text = atom.text.replace(INVISIBLE_ALL, "");
  return atoms;
}
const INVISIBLE_ALL = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** measure(start, end) for breakLines: sums of atoms where the range falls on atom bounds, else measured. */
function measurer(
  doc: Doc,
  text: string,
  weight: Weight,
  size: number,
): (start: number, end: number) => number {
  const atoms = atomsOf(text);
  const prefix = new Map<number, number>([[0, 0]]);
  let sum = 0;
  for (const atom of atoms) {
    sum += faceWidth(doc, atom.font, weight, size, atom.text);
    prefix.set(atom.end, sum);
  }
  return (start, end) => {
    const from = prefix.get(start);
    const to = prefix.get(end);
    return from !== undefined && to !== undefined
      ? to - from
      : rangeWidth(doc, text.slice(start, end), weight, size);
  };
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
        : breakLines(paragraphText, width, measurer(doc, paragraphText, weight, size));
    for (const range of ranges) {
      const pieces = lineToPieces(paragraph, range.start, range.end).map((piece) => ({
        piece,
        width: rangeWidth(doc, piece.text, weight, size),
      }));
      // The baseline sits the Latin face's ascent below the line's top in every line, whatever its letters, so
      // cells of one table row drawn at the same y share a baseline (and an English line stands where doc.text()
      // put it). Noto Sans Arabic descends further: a line holding Arabic is that much deeper.
      const kinds = new Set<FontKind>(["latin", ...pieces.map((p) => p.piece.font)]);
      const ascent = (metrics(doc, "latin", weight).ascender / 1000) * size;
      let descent = 0;
      let gap = 0;
      for (const kind of kinds) {
        const m = metrics(doc, kind, weight);
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
        const whole = input.fontkitReverses && /[ \t]/.test(input.text);
        // The Arabic face draws some dots as glyphs of their own and pdfkit maps a glyph to the letter of its
        // first use, so the word itself goes along as ActualText for copying and screen readers.
        const actual = piece.font === "arabic";
        if (actual) doc.markContent("Span", { actual: piece.text });
        useFace(doc, piece.font, weight, size).text(input.text, left, baseline, {
          lineBreak: false,
          baseline: "alphabetic",
          ...(whole ? { features: WHOLE } : {}),
        });
        if (actual) doc.endMarkedContent();
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
