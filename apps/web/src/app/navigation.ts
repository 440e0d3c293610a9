import { BASE_PATH, isLang, LANG_COOKIE, type Lang } from "../i18n/language.ts";
import { getCookie } from "../lib/cookies.ts";

/** Lets modules outside React (logout, the 401 handler) move the router. Set once the router exists. */
let push: (href: string, replace: boolean) => void = (href) => window.location.assign(href);

export function setNavigator(fn: (href: string, replace: boolean) => void): void {
  push = fn;
}

export function goTo(href: string, replace = false): void {
  push(href, replace);
}

/** The language of the page: the URL segment when valid, else the remembered one, else en. */
export function currentLang(): Lang {
  const segment = window.location.pathname.slice(BASE_PATH.length).split("/").filter(Boolean)[0];
  if (isLang(segment)) return segment;
  const remembered = getCookie(LANG_COOKIE);
  return isLang(remembered) ? remembered : "en";
}

export function href(lang: Lang, path = ""): string {
  const clean = path.replace(/^\/+/, "");
  return `${BASE_PATH}/${lang}${clean ? `/${clean}` : ""}`;
}
