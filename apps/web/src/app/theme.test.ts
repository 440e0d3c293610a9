import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { theme, variantColorResolver } from "./theme.ts";

/**
 * Badges and other coloured labels must stay readable (WCAG AA, 4.5:1 for their small text): the light variant
 * with a chosen shade used to draw teal text on a teal background (issue 10, item 10). Every colour and variant
 * the screens give a Badge is checked against the page's white and grey backgrounds.
 */
const full = mergeMantineTheme(DEFAULT_THEME, theme);
const COLORS = [
  "teal.9",
  "gray.7",
  "gray.8",
  "red.9",
  "blue.8",
  "blue.9",
  "brand.7",
  "#a35200",
  "#a33a0b",
  "#a33b06",
];
const PAGES = ["#ffffff", "#f8f9fa"];

function channels(color: string, page: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const n = Number.parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  if (color === "transparent") return channels(page, page);
  if (color === "var(--mantine-color-white)") return [255, 255, 255];
  const themed = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(color);
  if (themed) return channels(full.colors[themed[1]!]![Number(themed[2])]!, page);
  const rgbaMatch = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(color);
  if (!rgbaMatch) throw new Error(`unexpected colour ${color}`);
  const [r, g, b, a] = rgbaMatch.slice(1).map(Number) as [number, number, number, number];
  const under = channels(page, page);
  return [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)];
}

function luminance([r, g, b]: [number, number, number]): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("badge colours", () => {
  for (const variant of ["light", "outline", "filled"])
    for (const color of COLORS)
      it(`${variant} ${color} has text of at least 4.5:1 on its background`, () => {
        const resolved = variantColorResolver({ color, theme: full, variant });
        for (const page of PAGES) {
          const background = channels(resolved.background, page);
          const text = channels(resolved.color, page);
          expect(contrast(text, background), `${variant} ${color} on ${page}`).toBeGreaterThanOrEqual(4.5);
        }
      });
});

describe("the screens' badges", () => {
  it("use only the colours checked above (every colour written in a Badge's color)", () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith(".tsx"));
    const used = new Map<string, string>();
    for (const file of files) {
      const text = fs.readFileSync(path.join(src, file), "utf8");
      for (const tag of text.match(/<Badge\b[^>]*>/g) ?? []) {
        const attribute = /\bcolor=(\{[^}]*\}|"[^"]*")/.exec(tag)?.[1] ?? "";
        for (const literal of attribute.match(/"([a-z]+\.\d|#[0-9a-fA-F]{6})"/g) ?? [])
          used.set(literal.slice(1, -1), file);
      }
    }
    expect(used.size).toBeGreaterThan(3);
    const unchecked = [...used].filter(([color]) => !COLORS.includes(color)).map(([c, f]) => `${c} (${f})`);
    expect(unchecked).toEqual([]);
  });
});
