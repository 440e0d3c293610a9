import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { type CataloguePart, partsFor, type TextsNeeded } from "./catalogueParts.ts";
import { dirOf, type Lang } from "./language.ts";

/**
 * Only the catalogue of the language in use is downloaded (the other one loads on switch), in two parts: the
 * sign-in page needs only the start part (catalogueParts.ts); every other page waits for both.
 */
const loaders: Record<Lang, Record<CataloguePart, () => Promise<{ default: Record<string, unknown> }>>> = {
  en: { start: () => import("virtual:i18n/en-start"), rest: () => import("virtual:i18n/en-rest") },
  ar: { start: () => import("virtual:i18n/ar-start"), rest: () => import("virtual:i18n/ar-rest") },
};
const loaded = new Set<string>();

async function ensureTexts(lang: Lang, needed: TextsNeeded): Promise<void> {
  await Promise.all(
    partsFor(needed).map(async (part) => {
      if (loaded.has(`${lang}/${part}`)) return;
      const { default: texts } = await loaders[lang][part]();
      i18n.addResourceBundle(lang, "translation", texts, true, true);
      loaded.add(`${lang}/${part}`);
    }),
  );
}

export async function initI18n(lang: Lang, needed: TextsNeeded = "all"): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: {},
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await ensureTexts(lang, needed);
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** The language of the page about to show, with the texts it needs (textsNeededFor its path). */
export async function setLanguage(lang: Lang, needed: TextsNeeded = "all"): Promise<void> {
  await ensureTexts(lang, needed);
  if (i18n.language === lang) return;
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** <html lang dir> follow the language; CSS logical properties do the rest of the flip. */
export function applyDocumentLanguage(lang: Lang): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
}

export { i18n };
