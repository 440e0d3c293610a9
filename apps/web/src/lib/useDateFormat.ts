import { useTranslation } from "react-i18next";
import { useSession } from "../auth/session.ts";
import { isLang } from "../i18n/language.ts";
import { formatDate, formatDateTime } from "./dates.ts";

/**
 * Date formatting for screens: the user's language, and for partner layouts the partner's time zone (spec
 * section 6); everyone else sees the browser's zone.
 */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const session = useSession();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const timeZone = session?.acq_partner ? (session.partner_time_zone ?? undefined) : undefined;
  return {
    timeZone,
    dateTime: (value: string | number | Date) => formatDateTime(value, lang, timeZone),
    date: (value: string | number | Date) => formatDate(value, lang, timeZone),
  };
}
