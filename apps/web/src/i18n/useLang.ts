import { useTranslation } from "react-i18next";
import { isLang, type Lang } from "./language.ts";

/** The page language ("en" | "ar") for formatting. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : "en";
}
