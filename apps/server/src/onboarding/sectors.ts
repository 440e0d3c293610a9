/** The fixed sector and industry list of the onboarding questionnaire, in English and Arabic (our choice). */
export interface SectorDefinition {
  id: number;
  en: string;
  ar: string;
  industries: { id: number; en: string; ar: string }[];
}

export const SECTORS: readonly SectorDefinition[] = [
  {
    id: 1,
    en: "Retail",
    ar: "التجزئة",
    industries: [
      { id: 101, en: "Electronics", ar: "الإلكترونيات" },
      { id: 102, en: "Fashion and apparel", ar: "الأزياء والملابس" },
      { id: 103, en: "Groceries", ar: "البقالة" },
      { id: 104, en: "Home and furniture", ar: "المنزل والأثاث" },
    ],
  },
  {
    id: 2,
    en: "Food and beverage",
    ar: "الأغذية والمشروبات",
    industries: [
      { id: 201, en: "Restaurants", ar: "المطاعم" },
      { id: 202, en: "Cafes", ar: "المقاهي" },
      { id: 203, en: "Bakeries and sweets", ar: "المخابز والحلويات" },
    ],
  },
  {
    id: 3,
    en: "Health",
    ar: "الصحة",
    industries: [
      { id: 301, en: "Pharmacies", ar: "الصيدليات" },
      { id: 302, en: "Clinics", ar: "العيادات" },
      { id: 303, en: "Fitness", ar: "اللياقة البدنية" },
    ],
  },
  {
    id: 4,
    en: "Education",
    ar: "التعليم",
    industries: [
      { id: 401, en: "Schools", ar: "المدارس" },
      { id: 402, en: "Online courses", ar: "الدورات عبر الإنترنت" },
      { id: 403, en: "Books and stationery", ar: "الكتب والأدوات المكتبية" },
    ],
  },
  {
    id: 5,
    en: "Services",
    ar: "الخدمات",
    industries: [
      { id: 501, en: "Travel and tourism", ar: "السفر والسياحة" },
      { id: 502, en: "Professional services", ar: "الخدمات المهنية" },
      { id: 503, en: "Logistics and delivery", ar: "الشحن والتوصيل" },
    ],
  },
  {
    id: 6,
    en: "Technology",
    ar: "التكنولوجيا",
    industries: [
      { id: 601, en: "Software", ar: "البرمجيات" },
      { id: 602, en: "Digital goods", ar: "المنتجات الرقمية" },
    ],
  },
];

export type SectorLanguage = "en" | "ar";

/** Arabic when the Accept-Language header's first choice is Arabic, else English. */
export function sectorLanguage(acceptLanguage: string | undefined): SectorLanguage {
  const first = (acceptLanguage ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("ar") ? "ar" : "en";
}

export function sectorList(lang: SectorLanguage) {
  return SECTORS.map((s) => ({
    id: s.id,
    title: s[lang],
    industries: s.industries.map((i) => ({ id: i.id, title: i[lang] })),
  }));
}
