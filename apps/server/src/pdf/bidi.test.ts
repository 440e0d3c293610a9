import { describe, expect, it } from "vitest";
import {
  breakLines,
  lineToPieces,
  ltrIsolate,
  paragraphOf,
  reverseGraphemes,
  shapingInput,
  visualLine,
  visualString,
} from "./bidi.ts";

/** An Arabic word or phrase as the eye meets it from left to right (its letters reversed). */
const rev = reverseGraphemes;

describe("the bidi layout of one line (UAX #9 through bidi-js)", () => {
  it("keeps a number's digits and a currency code left to right inside an Arabic line", () => {
    expect(visualLine("المبلغ 1,250.00 EGP", "rtl")).toBe(`EGP 1,250.00 ${rev("المبلغ")}`);
    expect(visualLine("رقم الطلب 98765", "rtl")).toBe(`98765 ${rev("الطلب")} ${rev("رقم")}`);
  });

  it("turns digits after Arabic letters into Arabic numbers: a date or a masked card needs an isolate", () => {
    // Rule W2: "-" and "*" between Arabic numbers take the paragraph's direction, so the groups swap.
    expect(visualLine("تاريخ 2026-10-05", "rtl")).toBe(`05-10-2026 ${rev("تاريخ")}`);
    expect(visualLine("البطاقة 512345******2346", "rtl")).toBe(`2346******512345 ${rev("البطاقة")}`);
    // In a left-to-right isolate they read as written, and the isolate's marks are not drawn.
    expect(visualLine(`تاريخ ${ltrIsolate("2026-10-05 14:03")}`, "rtl")).toBe(
      `2026-10-05 14:03 ${rev("تاريخ")}`,
    );
    expect(visualLine(`البطاقة ${ltrIsolate("512345******2346")}`, "rtl")).toBe(
      `512345******2346 ${rev("البطاقة")}`,
    );
  });

  it("keeps Arabic-Indic digits left to right", () => {
    expect(visualLine("المبلغ ١٢٣", "rtl")).toBe(`١٢٣ ${rev("المبلغ")}`);
  });

  it("mirrors brackets in right-to-left runs", () => {
    expect(visualLine("(مرحبا)", "rtl")).toBe(`(${rev("مرحبا")})`);
    // The pair holds a number: both brackets take the paragraph's direction and frame the number.
    expect(visualLine("رقم الطلب (12345)", "rtl")).toBe(`(12345) ${rev("الطلب")} ${rev("رقم")}`);
    // Brackets in a left-to-right run are not mirrored.
    expect(visualLine("Order (12345)", "ltr")).toBe("Order (12345)");
  });

  it("gives neutrals between Arabic and Latin the paragraph's direction", () => {
    expect(visualLine("التاجر: Acme Store", "rtl")).toBe(`Acme Store :${rev("التاجر")}`);
    expect(visualLine("Customer: أحمد علي", "ltr")).toBe(`Customer: ${rev("أحمد علي")}`);
    // Between two Arabic words a neutral stays in their run.
    expect(visualLine("مرحبا - شكرا", "rtl")).toBe(rev("مرحبا - شكرا"));
  });

  it("puts trailing punctuation where the paragraph's direction puts it", () => {
    expect(visualLine("شكرا.", "rtl")).toBe(`.${rev("شكرا")}`);
    expect(visualLine("Thanks مرحبا.", "ltr")).toBe(`Thanks ${rev("مرحبا")}.`);
    // A Latin name ending an Arabic paragraph: the full stop belongs to the paragraph, at its left end.
    expect(visualLine("Acme Store.", "rtl")).toBe(".Acme Store");
  });

  it("chooses the direction of the first strong letter when asked to (auto)", () => {
    expect(paragraphOf("Acme متجر").dir).toBe("ltr");
    expect(visualLine("Acme متجر")).toBe(`Acme ${rev("متجر")}`);
    expect(paragraphOf("متجر Acme").dir).toBe("rtl");
    expect(visualLine("متجر Acme")).toBe(`Acme ${rev("متجر")}`);
    expect(paragraphOf("1,250.00").dir).toBe("ltr");
  });

  it("steers by bidi marks without drawing them (Intl's Arabic amount carries RLM)", () => {
    expect(visualLine("\u200f1,250.00 ج.م.\u200f", "rtl")).toBe(`${rev("ج.م.")} 1,250.00`);
  });

  it("leaves a plain English line as it is", () => {
    expect(visualLine("EGP 1,250.00 / Sale", "ltr")).toBe("EGP 1,250.00 / Sale");
    expect(lineToPieces(paragraphOf("EGP 1,250.00", "ltr"), 0, 12)).toEqual([
      { text: "EGP 1,250.00", rtl: false, font: "latin" },
    ]);
  });
});

describe("pieces: what is drawn with which face, and what pdfkit is handed", () => {
  it("draws Arabic letters with the Arabic face and digits, Latin and spaces with the Latin face", () => {
    const p = paragraphOf("المبلغ 1,250.00 EGP", "rtl");
    expect(lineToPieces(p, 0, p.text.length)).toEqual([
      { text: "EGP", rtl: false, font: "latin" },
      { text: " ", rtl: true, font: "latin" },
      { text: "1,250.00", rtl: false, font: "latin" },
      { text: " ", rtl: true, font: "latin" },
      { text: "المبلغ", rtl: true, font: "arabic" },
    ]);
  });

  it("hands an Arabic piece over in logical order (the shaper joins and reverses it) and reverses the rest itself", () => {
    // fontkit reverses a run whose script is Arabic: the logical text goes in, so letters join correctly.
    expect(shapingInput({ text: "المبلغ", rtl: true, font: "arabic" })).toEqual({
      text: "المبلغ",
      fontkitReverses: true,
    });
    // A right-to-left run of punctuation is not Arabic script: reversed here.
    expect(shapingInput({ text: "(:", rtl: true, font: "latin" })).toEqual({
      text: ":(",
      fontkitReverses: false,
    });
    // Arabic-Indic digits are Arabic script but read left to right: handed reversed so the shaper's
    // reversal puts them back.
    expect(shapingInput({ text: "١٢٣", rtl: false, font: "arabic" })).toEqual({
      text: "٣٢١",
      fontkitReverses: true,
    });
    expect(shapingInput({ text: "EGP", rtl: false, font: "latin" })).toEqual({
      text: "EGP",
      fontkitReverses: false,
    });
  });

  it("keeps a letter's marks with it", () => {
    const p = paragraphOf("مُحَمَّد Ali", "rtl");
    const pieces = lineToPieces(p, 0, p.text.length);
    expect(pieces.filter((x) => x.font === "arabic").map((x) => x.text)).toEqual(["مُحَمَّد"]);
    expect(visualString(pieces)).toBe(`Ali ${rev("مُحَمَّد")}`);
  });
});

describe("wrapping keeps the logical order and reorders each line on its own", () => {
  const oneUnitPerChar = (text: string) => (start: number, end: number) => text.slice(start, end).length;

  it("breaks after spaces, as late as the width allows", () => {
    const text = "aaa bbb ccc";
    expect(breakLines(text, 7, oneUnitPerChar(text))).toEqual([
      { start: 0, end: 7 },
      { start: 8, end: 11 },
    ]);
    expect(breakLines(text, 100, oneUnitPerChar(text))).toEqual([{ start: 0, end: 11 }]);
    expect(breakLines("", 10, oneUnitPerChar(""))).toEqual([{ start: 0, end: 0 }]);
  });

  it("cuts a word longer than the line between characters", () => {
    const text = "abcdefghij xy";
    expect(breakLines(text, 4, oneUnitPerChar(text))).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 10 },
      { start: 11, end: 13 },
    ]);
  });

  it("holds at a no-break space", () => {
    const text = "EGP\u00a01,250.00 total";
    expect(breakLines(text, 13, oneUnitPerChar(text))).toEqual([
      { start: 0, end: 12 },
      { start: 13, end: 18 },
    ]);
  });

  it("puts the first words of an Arabic paragraph on the first line, each line in visual order", () => {
    const text = "مرحبا Acme Store اليوم";
    const p = paragraphOf(text, "rtl");
    const lines = breakLines(text, 11, oneUnitPerChar(text));
    expect(lines.map((l) => text.slice(l.start, l.end))).toEqual(["مرحبا Acme", "Store اليوم"]);
    expect(lines.map((l) => visualString(lineToPieces(p, l.start, l.end)))).toEqual([
      `Acme ${rev("مرحبا")}`,
      // In a right-to-left paragraph the first word of a line is its rightmost.
      `${rev("اليوم")} Store`,
    ]);
  });
});
