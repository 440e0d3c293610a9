import { useDirection } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { dirOf, isLang } from "../i18n/language.ts";

/** Keeps Mantine's direction and the document title in step with the language. */
export function RootLayout() {
  const { i18n, t } = useTranslation();
  const { setDirection } = useDirection();
  const lang = isLang(i18n.language) ? i18n.language : "en";

  useEffect(() => {
    setDirection(dirOf(lang));
    document.title = t("app.name");
  }, [lang, setDirection, t]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <Outlet />
    </>
  );
}
