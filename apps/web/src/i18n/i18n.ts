import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import type en from "./en.json";
import { dirOf, type Lang } from "./language.ts";

type Catalogue = typeof en;

/** Only the catalogue of the language in use is downloaded; the other one loads on switch. */
const loaders: Record<Lang, () => Promise<{ default: Catalogue }>> = {
  en: () => import("./en.json"),
  ar: () => import("./ar.json"),
};

async function ensureCatalogue(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, "translation")) return;
  const { default: catalogue } = await loaders[lang]();
  i18n.addResourceBundle(lang, "translation", catalogue, true, true);
}

export async function initI18n(lang: Lang): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: {},
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await ensureCatalogue(lang);
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

export async function setLanguage(lang: Lang): Promise<void> {
  if (i18n.language === lang && i18n.hasResourceBundle(lang, "translation")) return;
  await ensureCatalogue(lang);
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** <html lang dir> follow the language; CSS logical properties do the rest of the flip. */
export function applyDocumentLanguage(lang: Lang): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
}

export { i18n };
