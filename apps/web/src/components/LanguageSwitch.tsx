import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { goTo } from "../app/navigation.ts";
import { isLang, otherLang, pathWithLang } from "../i18n/language.ts";

/** EN/AR: switching changes the {lang} segment of the URL; the route then loads the language and remembers it. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const next = otherLang(lang);
  const onClick = () => {
    const { pathname, search, hash } = window.location;
    goTo(pathWithLang(pathname, next, true) + search + hash);
  };
  return (
    <Button
      variant="default"
      size="sm"
      onClick={onClick}
      aria-label={t("lang.switchLabel")}
      data-testid="lang-switch"
      data-lang={lang}
    >
      <span lang={next}>{compact ? t("lang.otherCode") : t("lang.otherName")}</span>
    </Button>
  );
}
