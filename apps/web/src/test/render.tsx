import { type RenderResult, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Providers } from "../app/Providers.tsx";
import ar from "../i18n/ar.json";
import en from "../i18n/en.json";
import { applyDocumentLanguage, i18n } from "../i18n/i18n.ts";
import type { Lang } from "../i18n/language.ts";

const catalogues: Record<Lang, Record<string, unknown>> = { en, ar };

/**
 * The app's i18next instance with both whole catalogues (the app downloads them in parts through Vite's virtual
 * modules, which a component test has no need of), in the language asked, with <html lang dir> set as the app does.
 */
export async function useLanguage(lang: Lang): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use((await import("react-i18next")).initReactI18next).init({
      lng: lang,
      resources: {},
      fallbackLng: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  for (const l of ["en", "ar"] as const) {
    if (!i18n.hasResourceBundle(l, "translation"))
      i18n.addResourceBundle(l, "translation", catalogues[l], true, true);
  }
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** Renders inside the app's own providers (Mantine theme, direction of the language). */
export function renderInApp(ui: ReactNode, lang: Lang = "en"): RenderResult {
  return render(<Providers lang={lang}>{ui}</Providers>);
}

/** The text of a catalogue key in a language, to assert on what the user reads. */
export function text(lang: Lang, key: string, options?: Record<string, unknown>): string {
  return i18n.getFixedT(lang)(key as never, options as never) as unknown as string;
}
