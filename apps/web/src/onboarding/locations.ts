import type { Country } from "@portal/domain";

/** A place with its English and Arabic names; the English one is what the server stores. */
export interface Place {
  id: string;
  en: string;
  ar: string;
}
export interface State extends Place {
  cities: Place[];
}

/** The 'Other' choice of the state and city lists (spec: value -1): a free-text field takes its place. */
export const OTHER = "-1";

const place = (id: string, en: string, ar: string): Place => ({ id, en, ar });

/** A small list of states and their cities per country (our choice; the spec does not show the full mapping). */
export const STATES: Record<Country, State[]> = {
  EGY: [
    {
      ...place("cairo", "Cairo", "القاهرة"),
      cities: [
        place("nasr-city", "Nasr City", "مدينة نصر"),
        place("heliopolis", "Heliopolis", "مصر الجديدة"),
        place("maadi", "Maadi", "المعادي"),
        place("new-cairo", "New Cairo", "القاهرة الجديدة"),
      ],
    },
    {
      ...place("giza", "Giza", "الجيزة"),
      cities: [
        place("dokki", "Dokki", "الدقي"),
        place("mohandessin", "Mohandessin", "المهندسين"),
        place("october", "6th of October", "السادس من أكتوبر"),
        place("sheikh-zayed", "Sheikh Zayed", "الشيخ زايد"),
      ],
    },
    {
      ...place("alexandria", "Alexandria", "الإسكندرية"),
      cities: [place("smouha", "Smouha", "سموحة"), place("sidi-gaber", "Sidi Gaber", "سيدي جابر")],
    },
    {
      ...place("dakahlia", "Dakahlia", "الدقهلية"),
      cities: [place("mansoura", "Mansoura", "المنصورة")],
    },
  ],
  ARE: [
    {
      ...place("abu-dhabi", "Abu Dhabi", "أبوظبي"),
      cities: [place("abu-dhabi-city", "Abu Dhabi", "أبوظبي"), place("al-ain", "Al Ain", "العين")],
    },
    { ...place("dubai", "Dubai", "دبي"), cities: [place("dubai-city", "Dubai", "دبي")] },
    { ...place("sharjah", "Sharjah", "الشارقة"), cities: [place("sharjah-city", "Sharjah", "الشارقة")] },
    { ...place("ajman", "Ajman", "عجمان"), cities: [place("ajman-city", "Ajman", "عجمان")] },
    {
      ...place("umm-al-quwain", "Umm Al Quwain", "أم القيوين"),
      cities: [place("umm-al-quwain-city", "Umm Al Quwain", "أم القيوين")],
    },
    {
      ...place("ras-al-khaimah", "Ras Al Khaimah", "رأس الخيمة"),
      cities: [place("ras-al-khaimah-city", "Ras Al Khaimah", "رأس الخيمة")],
    },
    { ...place("fujairah", "Fujairah", "الفجيرة"), cities: [place("fujairah-city", "Fujairah", "الفجيرة")] },
  ],
  SAU: [
    { ...place("riyadh", "Riyadh", "الرياض"), cities: [place("riyadh-city", "Riyadh", "الرياض")] },
    {
      ...place("makkah", "Makkah", "مكة المكرمة"),
      cities: [place("jeddah", "Jeddah", "جدة"), place("makkah-city", "Makkah", "مكة المكرمة")],
    },
    {
      ...place("eastern", "Eastern Province", "المنطقة الشرقية"),
      cities: [place("dammam", "Dammam", "الدمام"), place("khobar", "Khobar", "الخبر")],
    },
  ],
  PAK: [
    {
      ...place("punjab", "Punjab", "البنجاب"),
      cities: [place("lahore", "Lahore", "لاهور"), place("faisalabad", "Faisalabad", "فيصل آباد")],
    },
    { ...place("sindh", "Sindh", "السند"), cities: [place("karachi", "Karachi", "كراتشي")] },
    {
      ...place("kpk", "Khyber Pakhtunkhwa", "خيبر بختونخوا"),
      cities: [place("peshawar", "Peshawar", "بيشاور")],
    },
    { ...place("balochistan", "Balochistan", "بلوشستان"), cities: [place("quetta", "Quetta", "كويتا")] },
    {
      ...place("islamabad", "Islamabad Capital Territory", "إقليم العاصمة إسلام آباد"),
      cities: [place("islamabad-city", "Islamabad", "إسلام آباد")],
    },
  ],
  OMN: [
    {
      ...place("muscat", "Muscat", "مسقط"),
      cities: [place("muscat-city", "Muscat", "مسقط"), place("seeb", "Seeb", "السيب")],
    },
    { ...place("dhofar", "Dhofar", "ظفار"), cities: [place("salalah", "Salalah", "صلالة")] },
    {
      ...place("north-batinah", "North Al Batinah", "شمال الباطنة"),
      cities: [place("sohar", "Sohar", "صحار")],
    },
  ],
};

/** The states of the stored country; Egypt's when the country is unknown (spec: Egypt default). */
export function statesOf(country: string | null | undefined): State[] {
  return STATES[country as Country] ?? STATES.EGY;
}
