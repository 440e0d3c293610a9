import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import { partsFor, pickPart, START_SECTIONS, textsNeededFor } from "./catalogueParts.ts";
import en from "./en.json";

const SRC = path.resolve(import.meta.dirname, "..");

/** Our modules reachable by runtime static imports (not `import type`) from the given files. */
function staticGraph(entries: string[]): string[] {
  const seen = new Set<string>();
  const stack = entries.map((file) => path.join(SRC, file));
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file) || !/\.tsx?$/.test(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const match of source.matchAll(/^import\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?"(\.{1,2}\/[^"]+)"/gms)) {
      stack.push(path.resolve(path.dirname(file), match[1] ?? ""));
    }
  }
  return [...seen];
}

/** Top-level catalogue sections a module's code names: t("x.…"), i18n.t("x.…"), t(`x.…`), `x.${…}`. */
function sectionsUsed(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const found = new Set<string>();
  for (const match of source.matchAll(/\bt\(\s*["'`]([A-Za-z]+)\./g)) found.add(match[1] ?? "");
  for (const match of source.matchAll(/`([A-Za-z]+)\.\$\{/g)) found.add(match[1] ?? "");
  return [...found];
}

describe("catalogue parts", () => {
  it("load only the start part on the sign-in page and the home path, both parts elsewhere", () => {
    for (const path of ["/en/login", "/ar/login", "/login", "/en", "/ar/", "/", "", "/en/login?x=1"]) {
      expect(textsNeededFor(path), path).toBe("sign-in");
    }
    for (const path of [
      "/en/home",
      "/ar/transactions",
      "/en/forgetpassword",
      "/login/x",
      "/en/mailbox",
      "/home",
    ]) {
      expect(textsNeededFor(path), path).toBe("all");
    }
    expect(partsFor("sign-in")).toEqual(["start"]);
    expect(partsFor("all")).toEqual(["start", "rest"]);
  });

  it("split each catalogue into two disjoint parts that together are the whole", () => {
    for (const catalogue of [en, ar]) {
      const start = pickPart(catalogue, "start");
      const rest = pickPart(catalogue, "rest");
      expect(Object.keys(start).sort()).toEqual([...START_SECTIONS].sort());
      expect(Object.keys(start).filter((k) => k in rest)).toEqual([]);
      expect({ ...start, ...rest }).toEqual(catalogue);
    }
  });

  it("cover every text the start-up and the sign-in page use", () => {
    const files = staticGraph(["main.tsx", "auth/login/LoginPage.tsx"]);
    expect(files.map((f) => path.relative(SRC, f))).toEqual(
      expect.arrayContaining(["main.tsx", "auth/login/LoginPage.tsx", "components/AuthShell.tsx"]),
    );
    const outside = files.flatMap((file) =>
      sectionsUsed(file)
        .filter((section) => !START_SECTIONS.includes(section))
        .map((section) => `${path.relative(SRC, file)}: ${section}`),
    );
    expect(outside).toEqual([]);
  });
});
