import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Tests only: reads a PDF back with pdf.js (a real extractor, not our own writer's view) and returns each
 * page's text as lines (top to bottom) of runs sorted by x (left to right). One run is one text item: for our
 * layout, one piece drawn by drawText. pdf.js gives an Arabic item's text in logical order (it runs its own
 * bidi on the item), so a word reads as typed when its glyphs were laid out right to left.
 */
export interface PdfRun {
  text: string;
  x: number;
  y: number;
  width: number;
  dir: string;
}

export async function readPdfLines(pdf: Buffer | Uint8Array, pageNumber = 1): Promise<PdfRun[][]> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, verbosity: 0 })
    .promise;
  const page = await document.getPage(pageNumber);
  const content = await page.getTextContent();
  const runs: PdfRun[] = [];
  for (const item of content.items) {
    if (!("str" in item)) continue;
    // Glyphs the font adds while shaping (Noto Sans Arabic's separate dots and marks) have no Unicode value of
    // their own and come out as control characters or zero-width items: they are not text.
    let text = item.str.replace(/\p{Cc}/gu, "");
    // pdf.js guesses a space where mark positioning leaves a gap between shaped Arabic glyphs; drawText never
    // draws a space with the Arabic face (spaces are Latin pieces), so inside an Arabic item a space is a guess.
    if (/\p{Script=Arabic}/u.test(text)) text = text.replace(/ /g, "");
    if (text.trim() === "" || item.width < 0.5) continue;
    runs.push({
      text,
      x: round(item.transform[4]),
      y: round(item.transform[5]),
      width: round(item.width),
      dir: item.dir,
    });
  }
  await document.destroy();
  const lines: PdfRun[][] = [];
  for (const run of [...runs].sort((a, b) => b.y - a.y)) {
    // A shaped run starting with a raised mark reports its y a few points off its baseline: lines are >= 12 pt apart.
    const line = lines.find((l) => Math.abs((l[0] as PdfRun).y - run.y) < 4);
    if (line) line.push(run);
    else lines.push([run]);
  }
  return lines.map((l) => l.sort((a, b) => a.x - b.x));
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * Arabic letters that share one shape and differ only by dots: fonts such as Noto Sans Arabic draw the dots
 * as separate glyphs, so an extractor may give one letter of a group for another. Tests compare words by
 * this skeleton (the letters' order and count are still checked exactly).
 */
const SKELETON: Record<string, string> = {
  ب: "ٮ",
  ت: "ٮ",
  ث: "ٮ",
  ن: "ٮ",
  ي: "ٮ",
  ى: "ٮ",
  ئ: "ٮ",
  ج: "ح",
  خ: "ح",
  ذ: "د",
  ز: "ر",
  ش: "س",
  ض: "ص",
  ظ: "ط",
  غ: "ع",
  ق: "ف",
  ة: "ه",
  أ: "ا",
  إ: "ا",
  آ: "ا",
};

export function skeleton(text: string): string {
  return Array.from(text.replace(/\s+/g, " ").trim(), (c) => SKELETON[c] ?? c).join("");
}

/**
 * The ActualText of each marked-content span, in content order (drawing order), from an uncompressed PDF
 * (`compress: false`): what a copy or a screen reader takes for the span instead of the glyphs' own mapping.
 */
export function actualTexts(pdf: Buffer): string[] {
  const source = pdf.toString("latin1");
  return Array.from(source.matchAll(/\/ActualText \(((?:\\[\s\S]|[^\\)])*)\)/g), (m) => {
    const raw = (m[1] as string).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => {
      const named: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
      return named[e] ?? (/^[0-7]+$/.test(e) ? String.fromCharCode(Number.parseInt(e, 8)) : e);
    });
    const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
    return bytes[0] === 0xfe && bytes[1] === 0xff
      ? new TextDecoder("utf-16be").decode(bytes.subarray(2))
      : new TextDecoder("latin1").decode(bytes);
  });
}
