import { createContext, useContext } from "react";
import type { Lang, Texts } from "./texts.ts";

export interface I18n {
  lang: Lang;
  t: Texts;
}

export const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nContext");
  return value;
}
