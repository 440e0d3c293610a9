import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import {
  drawText,
  ltrIsolate,
  measureText,
  pdfBytes,
  registerPdfFonts,
} from "../apps/server/src/pdf/text.ts";
import { percentile } from "./_support.ts";

/**
 * The bidi PDF text layout (docs/settings.md "Arabic in PDFs (bidi layout)", issue 18): how long a statement-sized
 * document takes. Each round writes one A4 document of BENCH_PDF_LINES (default 3,000) lines, in Arabic (mixed:
 * Arabic words, an isolated id, a Latin name, an amount with its currency code) and in English, each line a
 * drawText into a 300 pt column with wrapping, new pages as needed, and ends the document (fonts subset and
 * embedded). The first round of each language runs with empty width caches (a fresh process); the rest show the
 * steady state of a server that has written PDFs before. BENCH_PDF_ROUNDS (default 5). Load average recorded.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const LINES = Number(process.env.BENCH_PDF_LINES ?? 3000);
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 5);

const arabicLine = (i: number) =>
  `عملية بيع رقم ${ltrIsolate(String(100_000 + i))} للعميل ${i % 2 ? "Sara Ali" : "أحمد علي"} بمبلغ ${(i % 97) + 1},250.00 EGP`;
const englishLine = (i: number) =>
  `Sale ${100_000 + i} for ${i % 2 ? "Sara Ali" : "Omar Khaled"}, amount EGP ${(i % 97) + 1},250.00`;

async function oneDocument(line: (i: number) => string, dir: "rtl" | "ltr") {
  const started = performance.now();
  const doc = new PDFDocument({ size: "A4", margin: 40 });
  registerPdfFonts(doc);
  let lines = 0;
  for (let i = 0; i < LINES; i++) {
    const text = line(i);
    const box = measureText(doc, text, { dir, size: 9, width: 300 });
    if (doc.y + box.height > doc.page.height - 40) doc.addPage();
    lines += drawText(doc, text, { dir, size: 9, width: 300, x: 40 }).lines;
  }
  const drawn = performance.now();
  const bytes = await pdfBytes(doc);
  const ended = performance.now();
  return {
    draw_ms: drawn - started,
    end_ms: ended - drawn,
    total_ms: ended - started,
    bytes: bytes.length,
    lines,
  };
}

export async function run(): Promise<void> {
  const load = () => os.loadavg().map((v) => Math.round(v * 100) / 100);
  const loadStart = load();
  const out: Record<string, unknown> = {};
  for (const [name, line, dir] of [
    ["arabic", arabicLine, "rtl"],
    ["english", englishLine, "ltr"],
  ] as const) {
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await oneDocument(line, dir));
    const [first, ...rest] = rounds;
    const steady = rest.map((x) => x.total_ms).sort((a, b) => a - b);
    const perThousand = (ms: number) => Math.round((ms / LINES) * 1000);
    out[name] = {
      drawn_lines: first?.lines,
      pdf_bytes: first?.bytes,
      first_document_ms: Math.round(first?.total_ms ?? 0),
      steady_p50_ms: Math.round(percentile(steady, 50)),
      steady_max_ms: Math.round(percentile(steady, 100)),
      steady_ms_per_1000_source_lines: perThousand(percentile(steady, 50)),
      end_and_embed_ms_p50: Math.round(
        percentile(
          rest.map((x) => x.end_ms).sort((a, b) => a - b),
          50,
        ),
      ),
    };
    console.log(name.padEnd(8), JSON.stringify(out[name]));
  }
  const result = {
    when: new Date().toISOString(),
    source_lines_per_document: LINES,
    rounds: ROUNDS,
    cpus: os.cpus().length,
    load_average_1_5_15: { start: loadStart, end: load() },
    ...out,
  };
  fs.mkdirSync(path.join(here, "results"), { recursive: true });
  fs.writeFileSync(path.join(here, "results", "pdf-text.json"), `${JSON.stringify(result, null, 2)}\n`);
}
