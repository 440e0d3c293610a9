import "i18next";
import type en from "./en.json";

/** Typed translation keys: t("nav.home") is checked against the English catalogue. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
