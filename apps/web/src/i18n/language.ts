/** The two languages of the dashboard and the rules of the {lang} URL segment (spec sections 1 and 2). */
export const LANGUAGES = ["en", "ar"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "en";
/** Remembers the last language; kept at logout. */
export const LANG_COOKIE = "lang";
export const LANG_COOKIE_DAYS = 400;
/** The base path the server serves the dashboard under. */
export const BASE_PATH = "/portal2";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function dirOf(lang: Lang): "ltr" | "rtl" {
  return lang === "ar" ? "rtl" : "ltr";
}

export function otherLang(lang: Lang): Lang {
  return lang === "ar" ? "en" : "ar";
}

/**
 * What to do with the language segment of a URL:
 * - "use": the segment is en or ar, it wins over everything else;
 * - "reload": any other value is reset to en with a full page reload (spec section 1);
 * - "add": no segment; use the remembered language (cookie) or en, and put it in the URL.
 */
export type LangDecision = { action: "use"; lang: Lang } | { action: "reload" | "add"; lang: Lang };

export function resolveLanguage(segment: string | undefined, remembered: string | undefined): LangDecision {
  if (segment === undefined || segment === "") {
    return { action: "add", lang: isLang(remembered) ? remembered : DEFAULT_LANG };
  }
  if (isLang(segment)) return { action: "use", lang: segment };
  return { action: "reload", lang: DEFAULT_LANG };
}

/**
 * Replaces (or inserts) the language segment right after the base path.
 * `hasSegment` says whether the first segment after the base is a language segment (valid or not).
 */
export function pathWithLang(pathname: string, lang: Lang, hasSegment: boolean): string {
  const rest = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname;
  const parts = rest.split("/").filter(Boolean);
  if (hasSegment) parts.shift();
  const tail = parts.join("/");
  return `${BASE_PATH}/${lang}${tail ? `/${tail}` : ""}`;
}
