import "dayjs/locale/ar";
import { DatesProvider } from "@mantine/dates";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Date pickers speak the user's language (month and day names); weeks start on Saturday in Arabic. */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const ar = i18n.language === "ar";
  return (
    <DatesProvider settings={{ locale: ar ? "ar" : "en", firstDayOfWeek: ar ? 6 : 0 }}>
      {children}
    </DatesProvider>
  );
}
