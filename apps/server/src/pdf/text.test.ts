import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { actualTexts, type PdfRun, readPdfLines, skeleton } from "./read-pdf.ts";
import { drawText, ltrIsolate, measureText, pdfBytes, registerPdfFonts, textWidth } from "./text.ts";

/** A fresh A5 page (420 x 595 pt) with 36 pt margins: the text box runs from x 36 to x 384. */
function newDoc() {
  const doc = new PDFDocument({ size: "A5", margin: 36 });
  registerPdfFonts(doc);
  return doc;
}

/**
 * The runs of a line as read back, left to right; Arabic words by their skeleton (see read-pdf.ts). pdf.js's
 * widths of shaped Arabic differ from the advances by under a point, so edges are checked to 1.5 pt.
 */
const texts = (line: PdfRun[]) => line.map((r) => skeleton(r.text));
const right = (line: PdfRun[]) => {
  const last = line[line.length - 1] as PdfRun;
  return last.x + last.width;
};

describe("drawText on a rendered page, read back with pdf.js", () => {
  it("draws an Arabic amount line in visual order, right-aligned", async () => {
    const doc = newDoc();
    drawText(doc, "المبلغ 1,250.00 EGP", { dir: "rtl" });
    const [line] = await readPdfLines(await pdfBytes(doc));
    // Left to right: the code, then the digits in their own order, then the Arabic word (read as typed).
    expect(texts(line as PdfRun[])).toEqual(["EGP", "1,250.00", skeleton("المبلغ")]);
    expect((line as PdfRun[])[2]?.dir).toBe("rtl");
    expect(Math.abs(right(line as PdfRun[]) - 384)).toBeLessThan(1.5);
  });

  it("keeps a Latin merchant name and an order id whole inside Arabic lines", async () => {
    const doc = newDoc();
    drawText(doc, "التاجر: Acme Store", { dir: "rtl" });
    drawText(doc, "رقم الطلب (98765)", { dir: "rtl" });
    drawText(doc, `البطاقة ${ltrIsolate("512345******2346")}`, { dir: "rtl" });
    const lines = await readPdfLines(await pdfBytes(doc));
    expect(lines.map(texts)).toEqual([
      ["Acme Store", ":", skeleton("التاجر")],
      ["(", "98765", ")", skeleton("الطلب"), skeleton("رقم")],
      ["512345******2346", skeleton("البطاقة")],
    ]);
  });

  it("carries each Arabic word as ActualText, so copying gives the letters as typed", async () => {
    const doc = new PDFDocument({ size: "A5", margin: 36, compress: false });
    registerPdfFonts(doc);
    drawText(doc, "التاجر: Acme Store", { dir: "rtl" });
    drawText(doc, "رقم الطلب (98765)", { dir: "rtl" });
    // In drawing order, left to right on each line; Latin pieces need none (their glyphs map one to one).
    expect(actualTexts(await pdfBytes(doc))).toEqual(["التاجر", "الطلب", "رقم"]);
  });

  it("leaves an English line left-aligned and in logical order, with an Arabic name read right to left", async () => {
    const doc = newDoc();
    drawText(doc, "Amount EGP 1,250.00", { dir: "ltr" });
    drawText(doc, "Customer: أحمد علي", { dir: "ltr" });
    const [amount, customer] = await readPdfLines(await pdfBytes(doc));
    expect(texts(amount as PdfRun[])).toEqual(["Amount EGP 1,250.00"]);
    expect((amount as PdfRun[])[0]?.x).toBe(36);
    // Two Arabic words: the first typed is the rightmost.
    expect(texts(customer as PdfRun[])).toEqual(["Customer:", skeleton("علي"), skeleton("أحمد")]);
  });

  it("wraps a long Arabic paragraph in logical order, every line right-aligned", async () => {
    const doc = newDoc();
    const words = [
      "هذا",
      "كشف",
      "حساب",
      "شهر",
      "أكتوبر",
      "لمتجر",
      "Acme",
      "Store",
      "ويشمل",
      "كل",
      "المعاملات",
    ];
    const box = drawText(doc, words.join(" "), { dir: "rtl", width: 120, x: 100 });
    const lines = await readPdfLines(await pdfBytes(doc));
    expect(lines.length).toBe(box.lines);
    expect(box.lines).toBeGreaterThan(2);
    for (const line of lines) {
      expect(Math.abs(right(line) - 220)).toBeLessThan(1.5);
      expect(Math.min(...line.map((r) => r.x))).toBeGreaterThanOrEqual(100);
    }
    // Reading runs right to left (a Latin run left to right, as a unit) and lines top to bottom gives the words
    // as written.
    const read = lines.flatMap((line) =>
      [...line].reverse().flatMap((r) => (r.dir === "rtl" ? [skeleton(r.text)] : r.text.split(" "))),
    );
    expect(read).toEqual(words.map(skeleton));
    expect(doc.y).toBeGreaterThan(36 + box.height - 1);
  });

  it("centres and aligns at either edge on request", async () => {
    const doc = newDoc();
    drawText(doc, "EGP 1,250.00", { x: 100, width: 200, align: "end", dir: "ltr" });
    drawText(doc, "EGP 1,250.00", { x: 100, width: 200, align: "center", dir: "ltr" });
    drawText(doc, "المبلغ", { x: 100, width: 200, align: "left", dir: "rtl" });
    const [end, center, left] = await readPdfLines(await pdfBytes(doc));
    const w = textWidth(newDoc(), "EGP 1,250.00");
    expect(Math.abs(right(end as PdfRun[]) - 300)).toBeLessThan(1.5);
    expect((center as PdfRun[])[0]?.x).toBeCloseTo(100 + (200 - w) / 2, 0);
    expect((left as PdfRun[])[0]?.x).toBe(100);
  });

  it("puts texts drawn at one y on one baseline, Arabic or not (table cells of a row)", async () => {
    const doc = newDoc();
    drawText(doc, "المبلغ", { x: 200, y: 100, width: 184, dir: "rtl" });
    drawText(doc, "1,250.00 EGP", { x: 36, y: 100, width: 150, dir: "ltr" });
    const lines = await readPdfLines(await pdfBytes(doc));
    expect(lines).toHaveLength(1);
    const [value, label] = lines[0] as PdfRun[];
    expect(value?.text).toBe("1,250.00 EGP");
    expect(Math.abs((label as PdfRun).y - (value as PdfRun).y)).toBeLessThan(1);
  });

  it("measures without drawing, as drawing then takes", () => {
    const doc = newDoc();
    const text = "المبلغ 1,250.00 EGP\nسطر ثان";
    const measured = measureText(doc, text, { width: 300 });
    const before = doc.y;
    const drawn = drawText(doc, text, { width: 300 });
    expect(drawn).toEqual(measured);
    expect(drawn.lines).toBe(2);
    expect(doc.y - before).toBeCloseTo(drawn.height, 5);
    // A line with Arabic is deeper (Noto Sans Arabic descends further than Latin letters).
    expect(measureText(doc, "المبلغ", { size: 12 }).height).toBeGreaterThan(
      measureText(doc, "Amount").height,
    );
    expect(textWidth(doc, "EGP")).toBeGreaterThan(0);
    expect(textWidth(doc, "EGP 1,250.00")).toBeGreaterThan(textWidth(doc, "EGP"));
  });
});
