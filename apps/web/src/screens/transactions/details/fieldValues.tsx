import { useTranslation } from "react-i18next";
import type { DetailItem } from "../../../components/DetailGrid.tsx";
import type { Lang } from "../../../i18n/language.ts";
import { money } from "../../../lib/money.ts";
import { useDateFormat } from "../../../lib/useDateFormat.ts";

/** How the details page writes a value: yes/no, amounts, dates, cents and codes that read left to right. */
export function useFieldValues(lang: Lang) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  return {
    yesNo: (v: boolean) => (v ? t("transactions.details.yes") : t("transactions.details.no")),
    amount: (v: number | null, currency: string) => (v === null ? null : money(v, currency, lang)),
    date: (v: string | null) => (v ? dateTime(v) : null),
    /** VAT, fees and commission are shown in cents, as integers (spec section 3). */
    cents: (v: number) => <bdi dir="ltr">{v}</bdi>,
    ltr: (v: string | null) => (v ? <bdi dir="ltr">{v}</bdi> : null),
  };
}

export type FieldValues = ReturnType<typeof useFieldValues>;

/** The label of a field of the details page (catalogue section transactions.details.fields). */
export function useFieldLabel(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => t(`transactions.details.fields.${key as "id"}`);
}

/** A free-form block (billing, shipping, financing): known keys get labels in both languages. */
export function recordItems(record: Record<string, unknown>, label: (key: string) => string): DetailItem[] {
  return Object.entries(record).map(([key, value]) => ({
    key,
    label: label(key),
    value:
      value === null || value === undefined ? null : typeof value === "object" ? (
        JSON.stringify(value)
      ) : typeof value === "string" && /^https?:\/\//.test(value) ? (
        <a href={value} target="_blank" rel="noreferrer">
          {value}
        </a>
      ) : (
        String(value)
      ),
  }));
}
