import { ERROR_MESSAGES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import en from "./en.json";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("i18n catalogues", () => {
  const english = flatten(en as Tree);
  const arabic = flatten(ar as Tree);

  it("have the same keys", () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
  });
  it("have no empty value", () => {
    for (const [key, value] of [...english, ...arabic]) expect(value.trim(), key).not.toBe("");
  });
  it("use the same interpolation placeholders in both languages", () => {
    for (const [key, value] of english)
      expect(placeholders(arabic.get(key) ?? ""), key).toEqual(placeholders(value));
  });
  it("translate every code of ERROR_MESSAGES as errors.<code>, the English word for word", () => {
    // The generic error handler (api/reportError.ts) shows errors.<code> when the answer's code has one.
    for (const [code, text] of Object.entries(ERROR_MESSAGES)) {
      // {name} placeholders are written as i18next's {{name}}.
      expect(english.get(`errors.${code}`), code).toBe(text.replace(/\{(\w+)\}/g, "{{$1}}"));
      expect(arabic.get(`errors.${code}`), code).toMatch(/[\u0600-\u06FF]/);
    }
  });
  it("translate the Arabic catalogue (Arabic script in most values)", () => {
    const arabicScript = [...arabic.values()].filter((v) => /[\u0600-\u06FF]/.test(v)).length;
    expect(arabicScript / arabic.size).toBeGreaterThan(0.9);
  });
});
