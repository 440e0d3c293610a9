import bidiFactory from "bidi-js";

/**
 * The pure half of the PDF text layout (no pdfkit here, so it is tested on its own): the Unicode Bidirectional
 * Algorithm (UAX #9, by bidi-js) for one paragraph, cut into lines, each line turned into "pieces" in visual
 * left-to-right order. A piece is a stretch of characters drawn with one font in one direction: Arabic letters
 * with the Arabic face, everything else (Latin, digits, punctuation, spaces) with the Latin face.
 * text.ts draws the pieces with pdfkit; see there for the API others call.
 */

const bidi = bidiFactory();

export type Direction = "ltr" | "rtl";
export type FontKind = "latin" | "arabic";

/** Characters the Arabic face draws (the Noto Sans Arabic subset of @fontsource); all else is the Latin face's. */
const ARABIC_FACE = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufefc\u200c\u200d]/;
/** Bidi controls and marks: they steer the algorithm but are never drawn (Intl's Arabic amounts carry RLM). */
const INVISIBLE = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]/;
/** Scripts that fontkit (pdfkit's shaper) lays out right to left: it reverses a run whose first script is one. */
const RTL_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u;
const ANY_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

export function fontKindOf(char: string): FontKind {
  return ARABIC_FACE.test(char) ? "arabic" : "latin";
}

/**
 * Wraps a code, a date or any run that must read left to right as one unit (card numbers, ids with "-" or
 * "*", dates, times) in a left-to-right isolate (LRI ... PDI). Inside an Arabic line the algorithm otherwise
 * turns digits after Arabic letters into Arabic numbers and reverses "2026-10-05" into "05-10-2026". Amounts
 * such as "1,250.00 EGP" need no isolate: their separators hold the digits together.
 */
export function ltrIsolate(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * Wraps text typed by a person (a merchant or customer name) in a first-strong isolate (FSI ... PDI), as HTML's
 * <bdi> does: it takes its own direction from its first letter and does not pull the label's ":" or a
 * following number into its run.
 */
export function autoIsolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A paragraph's resolved levels: the base direction and one embedding level per UTF-16 unit. */
export interface Paragraph {
  text: string;
  dir: Direction;
  levels: ReturnType<typeof bidi.getEmbeddingLevels>;
}

/**
 * Runs the algorithm on one paragraph (no line breaks inside). `dir` "auto" takes the direction of the first
 * strong letter (rules P2-P3), left to right when there is none.
 */
export function paragraphOf(text: string, dir: Direction | "auto" = "auto"): Paragraph {
  const levels = bidi.getEmbeddingLevels(text, dir);
  const base = levels.paragraphs[0]?.level ?? (dir === "rtl" ? 1 : 0);
  return { text, dir: base % 2 === 1 ? "rtl" : "ltr", levels };
}

/** One drawable piece, in visual order within its line. */
export interface Piece {
  /** The characters in logical order (mirrored brackets already swapped, bidi marks removed). */
  text: string;
  /** True when the piece's characters show right to left (its glyphs appear in reverse of `text`). */
  rtl: boolean;
  font: FontKind;
}

/** Splits a string into user-perceived characters (a base letter with its marks stays whole). */
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
export function reverseGraphemes(text: string): string {
  return Array.from(segmenter.segment(text), (s) => s.segment)
    .reverse()
    .join("");
}

/**
 * The pieces of the line [start, end) of a paragraph in visual left-to-right order (rules L1-L4: trailing
 * spaces reset, reordering by levels, mirroring of brackets in right-to-left runs).
 */
export function lineToPieces(p: Paragraph, start: number, end: number): Piece[] {
  if (end <= start) return [];
  const order = bidi.getReorderedIndices(p.text, p.levels, start, end - 1).slice(start, end);
  const mirrored = bidi.getMirroredCharactersMap(p.text, p.levels.levels, start, end - 1);
  const pieces: Piece[] = [];
  let current: { indices: number[]; font: FontKind } | null = null;
  const flush = () => {
    if (!current) return;
    const { indices, font } = current;
    const rtl =
      indices.length > 1
        ? (indices[1] as number) < (indices[0] as number)
        : (p.levels.levels[indices[0] as number] as number) % 2 === 1;
    const logical = rtl ? [...indices].reverse() : indices;
    const text = logical
      .map((i) => mirrored.get(i) ?? (p.text[i] as string))
      .join("")
      .replace(new RegExp(INVISIBLE.source, "g"), "");
    if (text !== "") pieces.push({ text, rtl, font });
    current = null;
  };
  for (const i of order) {
    const char = p.text[i] as string;
    // A low surrogate or a mark follows its base: keep it in the base's piece and font.
    const font: FontKind = current && isContinuation(char) ? current.font : fontKindOf(char);
    if (current && current.font === font && continues(current.indices, i)) {
      current.indices.push(i);
    } else {
      flush();
      current = { indices: [i], font };
    }
  }
  flush();
  return pieces;
}

function isContinuation(char: string): boolean {
  return /[\udc00-\udfff\p{M}]/u.test(char);
}

/** Whether logical index i extends the visual run of indices (one step on in the same direction). */
function continues(indices: number[], i: number): boolean {
  const last = indices[indices.length - 1] as number;
  if (indices.length === 1) return i === last + 1 || i === last - 1;
  const step = last - (indices[indices.length - 2] as number);
  return i === last + step;
}

/**
 * The string to hand pdfkit for a piece so that its glyphs come out in visual order. fontkit shapes the
 * string and reverses the whole run when its first script is right-to-left (Arabic); the piece is reversed
 * here when fontkit would not do what the algorithm asks (a right-to-left run of brackets or spaces, or
 * Arabic-Indic digits, which are Arabic script but read left to right).
 */
export function shapingInput(piece: Piece): { text: string; fontkitReverses: boolean } {
  const fontkitReverses = firstScriptIsRtl(piece.text);
  return { text: fontkitReverses === piece.rtl ? piece.text : reverseGraphemes(piece.text), fontkitReverses };
}

export function firstScriptIsRtl(text: string): boolean {
  const first = ANY_SCRIPT.exec(text);
  return first !== null && RTL_SCRIPT.test(first[0]);
}

/** The line as a plain string in visual left-to-right order (what the eye meets from left to right). */
export function visualString(pieces: Piece[]): string {
  return pieces.map((piece) => (piece.rtl ? reverseGraphemes(piece.text) : piece.text)).join("");
}

/** Convenience for one line: the visual left-to-right string of `text` read with base direction `dir`. */
export function visualLine(text: string, dir: Direction | "auto" = "auto"): string {
  const p = paragraphOf(text, dir);
  return visualString(lineToPieces(p, 0, text.length));
}

/** A line of a paragraph: the logical range [start, end), spaces at the break left out. */
export interface LineRange {
  start: number;
  end: number;
}

/**
 * Cuts a paragraph into lines no wider than `width` (greedy, in logical order, so each line is then reordered
 * on its own as UAX #9 asks). Breaks after spaces (a no-break space holds); a word wider than the line is cut
 * between characters. `measure(start, end)` is the width of the logical range [start, end) on one line.
 */
export function breakLines(
  text: string,
  width: number,
  measure: (start: number, end: number) => number,
): LineRange[] {
  const tokens = Array.from(text.matchAll(/([ \t]*[^ \t]+)([ \t]*)/g), (m) => ({
    start: m.index,
    end: m.index + (m[1] as string).length,
  }));
  if (tokens.length === 0) return [{ start: 0, end: 0 }];
  const lines: LineRange[] = [];
  let line: LineRange | null = null;
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i] as LineRange;
    if (line === null) {
      line = { ...token };
      if (measure(token.start, token.end) > width) {
        // Too long for any line: cut it between characters, each cut as long as fits (one character at least).
        const bounds = Array.from(
          segmenter.segment(text.slice(token.start, token.end)),
          (s) => token.start + s.index,
        );
        bounds.push(token.end);
        let from = token.start;
        for (let k = 1; k < bounds.length; k++) {
          const previous = bounds[k - 1] as number;
          if (previous > from && measure(from, bounds[k] as number) > width) {
            lines.push({ start: from, end: previous });
            from = previous;
          }
        }
        line = { start: from, end: token.end };
      }
      i++;
    } else if (measure(line.start, token.end) <= width) {
      line.end = token.end;
      i++;
    } else {
      lines.push(line);
      line = null;
    }
  }
  if (line) lines.push(line);
  return lines;
}
