import { isLang } from "./language.ts";

/**
 * The catalogues are downloaded in two parts per language (vite.config.ts builds them from en.json and ar.json):
 * "start" holds the top-level sections the sign-in page and the start-up use (its shell, the form, the
 * language switch, toasts and error texts); "rest" holds every other section, the signed-in screens' above all.
 * The sign-in page loads only "start", so the screens' texts do not weigh on its first JavaScript; every other
 * page loads both before it shows. catalogueParts.test.ts checks that the sign-in page uses no other section.
 */
export const START_SECTIONS: readonly string[] = [
  "app",
  "lang",
  "auth",
  "validation",
  "errors",
  "messages",
  "public",
];

export type CataloguePart = "start" | "rest";
/** What a page needs: the start part only (sign-in, and the home path that leads to it), or everything. */
export type TextsNeeded = "sign-in" | "all";

/**
 * `path` is the router's path, after the base path, with or without the language segment: "/en/login",
 * "/login", "/en" and "/" need the sign-in texts only; any other page needs all.
 */
export function textsNeededFor(path: string): TextsNeeded {
  const parts = (path.split(/[?#]/)[0] ?? "").split("/").filter(Boolean);
  if (isLang(parts[0])) parts.shift();
  return parts.length === 0 || (parts.length === 1 && parts[0] === "login") ? "sign-in" : "all";
}

export function partsFor(needed: TextsNeeded): CataloguePart[] {
  return needed === "all" ? ["start", "rest"] : ["start"];
}

/** The sections of a catalogue that belong to a part. */
export function pickPart<T extends Record<string, unknown>>(catalogue: T, part: CataloguePart): Partial<T> {
  return Object.fromEntries(
    Object.entries(catalogue).filter(([section]) => START_SECTIONS.includes(section) === (part === "start")),
  ) as Partial<T>;
}
