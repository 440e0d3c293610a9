import type { Country } from "./countries.ts";

/**
 * Reference data (merchant-dashboard.md section 3, "Reference data"; the spec does not show the full mapping, so
 * this is ours): the states of the five countries with their main cities, in English and Arabic. Egypt's 27
 * governorates, the seven emirates, Saudi Arabia's 13 regions, Pakistan's provinces and territories, Oman's 11
 * governorates. The English name is what the server stores (the questionnaire's address_governorate and
 * address_district); the ids are stable keys for forms. Used by the first-login popup and the activation wizard.
 */
export interface Place {
  id: string;
  en: string;
  ar: string;
}
export interface State extends Place {
  cities: Place[];
}

/** The 'Other' choice of the state and city lists (spec: value -1): a free-text field takes its place. */
export const OTHER_PLACE = "-1";

const p = (id: string, en: string, ar: string): Place => ({ id, en, ar });
const s = (id: string, en: string, ar: string, cities: Place[]): State => ({ id, en, ar, cities });

export const STATES: Readonly<Record<Country, readonly State[]>> = {
  EGY: [
    s("cairo", "Cairo", "القاهرة", [
      p("nasr-city", "Nasr City", "مدينة نصر"),
      p("heliopolis", "Heliopolis", "مصر الجديدة"),
      p("maadi", "Maadi", "المعادي"),
      p("new-cairo", "New Cairo", "القاهرة الجديدة"),
      p("downtown-cairo", "Downtown", "وسط البلد"),
      p("zamalek", "Zamalek", "الزمالك"),
      p("shubra", "Shubra", "شبرا"),
      p("helwan", "Helwan", "حلوان"),
    ]),
    s("giza", "Giza", "الجيزة", [
      p("dokki", "Dokki", "الدقي"),
      p("mohandessin", "Mohandessin", "المهندسين"),
      p("october", "6th of October", "السادس من أكتوبر"),
      p("sheikh-zayed", "Sheikh Zayed", "الشيخ زايد"),
      p("haram", "Haram", "الهرم"),
      p("giza-city", "Giza", "الجيزة"),
    ]),
    s("alexandria", "Alexandria", "الإسكندرية", [
      p("smouha", "Smouha", "سموحة"),
      p("sidi-gaber", "Sidi Gaber", "سيدي جابر"),
      p("montaza", "Montaza", "المنتزه"),
      p("agami", "Agami", "العجمي"),
      p("borg-el-arab", "Borg El Arab", "برج العرب"),
    ]),
    s("qalyubia", "Qalyubia", "القليوبية", [
      p("banha", "Banha", "بنها"),
      p("shubra-el-kheima", "Shubra El Kheima", "شبرا الخيمة"),
      p("qalyub", "Qalyub", "قليوب"),
      p("obour", "Obour", "العبور"),
    ]),
    s("sharqia", "Sharqia", "الشرقية", [
      p("zagazig", "Zagazig", "الزقازيق"),
      p("tenth-of-ramadan", "10th of Ramadan", "العاشر من رمضان"),
      p("belbeis", "Belbeis", "بلبيس"),
    ]),
    s("dakahlia", "Dakahlia", "الدقهلية", [
      p("mansoura", "Mansoura", "المنصورة"),
      p("mit-ghamr", "Mit Ghamr", "ميت غمر"),
      p("talkha", "Talkha", "طلخا"),
    ]),
    s("gharbia", "Gharbia", "الغربية", [
      p("tanta", "Tanta", "طنطا"),
      p("mahalla", "El Mahalla El Kubra", "المحلة الكبرى"),
      p("kafr-el-zayat", "Kafr El Zayat", "كفر الزيات"),
    ]),
    s("monufia", "Monufia", "المنوفية", [
      p("shebin-el-kom", "Shebin El Kom", "شبين الكوم"),
      p("menouf", "Menouf", "منوف"),
      p("sadat-city", "Sadat City", "مدينة السادات"),
    ]),
    s("beheira", "Beheira", "البحيرة", [
      p("damanhour", "Damanhour", "دمنهور"),
      p("kafr-el-dawwar", "Kafr El Dawwar", "كفر الدوار"),
      p("rashid", "Rashid", "رشيد"),
    ]),
    s("kafr-el-sheikh", "Kafr El Sheikh", "كفر الشيخ", [
      p("kafr-el-sheikh-city", "Kafr El Sheikh", "كفر الشيخ"),
      p("desouk", "Desouk", "دسوق"),
    ]),
    s("damietta", "Damietta", "دمياط", [
      p("damietta-city", "Damietta", "دمياط"),
      p("new-damietta", "New Damietta", "دمياط الجديدة"),
      p("ras-el-bar", "Ras El Bar", "رأس البر"),
    ]),
    s("port-said", "Port Said", "بورسعيد", [
      p("port-said-city", "Port Said", "بورسعيد"),
      p("port-fouad", "Port Fouad", "بورفؤاد"),
    ]),
    s("ismailia", "Ismailia", "الإسماعيلية", [
      p("ismailia-city", "Ismailia", "الإسماعيلية"),
      p("fayed", "Fayed", "فايد"),
    ]),
    s("suez", "Suez", "السويس", [
      p("suez-city", "Suez", "السويس"),
      p("ain-sokhna", "Ain Sokhna", "العين السخنة"),
    ]),
    s("north-sinai", "North Sinai", "شمال سيناء", [p("arish", "Arish", "العريش")]),
    s("south-sinai", "South Sinai", "جنوب سيناء", [
      p("sharm-el-sheikh", "Sharm El Sheikh", "شرم الشيخ"),
      p("dahab", "Dahab", "دهب"),
      p("el-tor", "El Tor", "الطور"),
    ]),
    s("red-sea", "Red Sea", "البحر الأحمر", [
      p("hurghada", "Hurghada", "الغردقة"),
      p("safaga", "Safaga", "سفاجا"),
      p("marsa-alam", "Marsa Alam", "مرسى علم"),
    ]),
    s("faiyum", "Faiyum", "الفيوم", [p("faiyum-city", "Faiyum", "الفيوم")]),
    s("beni-suef", "Beni Suef", "بني سويف", [p("beni-suef-city", "Beni Suef", "بني سويف")]),
    s("minya", "Minya", "المنيا", [p("minya-city", "Minya", "المنيا"), p("mallawi", "Mallawi", "ملوي")]),
    s("asyut", "Asyut", "أسيوط", [p("asyut-city", "Asyut", "أسيوط")]),
    s("sohag", "Sohag", "سوهاج", [p("sohag-city", "Sohag", "سوهاج"), p("akhmim", "Akhmim", "أخميم")]),
    s("qena", "Qena", "قنا", [p("qena-city", "Qena", "قنا"), p("nag-hammadi", "Nag Hammadi", "نجع حمادي")]),
    s("luxor", "Luxor", "الأقصر", [p("luxor-city", "Luxor", "الأقصر"), p("esna", "Esna", "إسنا")]),
    s("aswan", "Aswan", "أسوان", [
      p("aswan-city", "Aswan", "أسوان"),
      p("kom-ombo", "Kom Ombo", "كوم أمبو"),
      p("edfu", "Edfu", "إدفو"),
    ]),
    s("new-valley", "New Valley", "الوادي الجديد", [
      p("kharga", "Kharga", "الخارجة"),
      p("dakhla", "Dakhla", "الداخلة"),
    ]),
    s("matrouh", "Matrouh", "مطروح", [
      p("marsa-matrouh", "Marsa Matrouh", "مرسى مطروح"),
      p("el-alamein", "El Alamein", "العلمين"),
      p("siwa", "Siwa", "سيوة"),
    ]),
  ],
  ARE: [
    s("abu-dhabi", "Abu Dhabi", "أبوظبي", [
      p("abu-dhabi-city", "Abu Dhabi", "أبوظبي"),
      p("al-ain", "Al Ain", "العين"),
      p("ruwais", "Ruwais", "الرويس"),
      p("madinat-zayed", "Madinat Zayed", "مدينة زايد"),
    ]),
    s("dubai", "Dubai", "دبي", [
      p("dubai-city", "Dubai", "دبي"),
      p("hatta", "Hatta", "حتا"),
      p("jebel-ali", "Jebel Ali", "جبل علي"),
    ]),
    s("sharjah", "Sharjah", "الشارقة", [
      p("sharjah-city", "Sharjah", "الشارقة"),
      p("khor-fakkan", "Khor Fakkan", "خورفكان"),
      p("kalba", "Kalba", "كلباء"),
      p("dibba-al-hisn", "Dibba Al Hisn", "دبا الحصن"),
    ]),
    s("ajman", "Ajman", "عجمان", [p("ajman-city", "Ajman", "عجمان"), p("masfout", "Masfout", "مصفوت")]),
    s("umm-al-quwain", "Umm Al Quwain", "أم القيوين", [
      p("umm-al-quwain-city", "Umm Al Quwain", "أم القيوين"),
    ]),
    s("ras-al-khaimah", "Ras Al Khaimah", "رأس الخيمة", [
      p("ras-al-khaimah-city", "Ras Al Khaimah", "رأس الخيمة"),
    ]),
    s("fujairah", "Fujairah", "الفجيرة", [
      p("fujairah-city", "Fujairah", "الفجيرة"),
      p("dibba-al-fujairah", "Dibba Al Fujairah", "دبا الفجيرة"),
    ]),
  ],
  SAU: [
    s("riyadh", "Riyadh", "الرياض", [
      p("riyadh-city", "Riyadh", "الرياض"),
      p("al-kharj", "Al Kharj", "الخرج"),
      p("diriyah", "Diriyah", "الدرعية"),
    ]),
    s("makkah", "Makkah", "مكة المكرمة", [
      p("jeddah", "Jeddah", "جدة"),
      p("makkah-city", "Makkah", "مكة المكرمة"),
      p("taif", "Taif", "الطائف"),
    ]),
    s("madinah", "Madinah", "المدينة المنورة", [
      p("madinah-city", "Madinah", "المدينة المنورة"),
      p("yanbu", "Yanbu", "ينبع"),
    ]),
    s("eastern", "Eastern Province", "المنطقة الشرقية", [
      p("dammam", "Dammam", "الدمام"),
      p("khobar", "Khobar", "الخبر"),
      p("dhahran", "Dhahran", "الظهران"),
      p("jubail", "Jubail", "الجبيل"),
      p("al-ahsa", "Al Ahsa", "الأحساء"),
      p("hafar-al-batin", "Hafar Al Batin", "حفر الباطن"),
    ]),
    s("qassim", "Qassim", "القصيم", [p("buraidah", "Buraidah", "بريدة"), p("unaizah", "Unaizah", "عنيزة")]),
    s("asir", "Asir", "عسير", [
      p("abha", "Abha", "أبها"),
      p("khamis-mushait", "Khamis Mushait", "خميس مشيط"),
    ]),
    s("tabuk", "Tabuk", "تبوك", [p("tabuk-city", "Tabuk", "تبوك")]),
    s("hail", "Hail", "حائل", [p("hail-city", "Hail", "حائل")]),
    s("northern-borders", "Northern Borders", "الحدود الشمالية", [p("arar", "Arar", "عرعر")]),
    s("jazan", "Jazan", "جازان", [p("jazan-city", "Jazan", "جازان")]),
    s("najran", "Najran", "نجران", [p("najran-city", "Najran", "نجران")]),
    s("al-bahah", "Al Bahah", "الباحة", [p("al-bahah-city", "Al Bahah", "الباحة")]),
    s("al-jouf", "Al Jouf", "الجوف", [p("sakaka", "Sakaka", "سكاكا")]),
  ],
  PAK: [
    s("punjab", "Punjab", "البنجاب", [
      p("lahore", "Lahore", "لاهور"),
      p("faisalabad", "Faisalabad", "فيصل آباد"),
      p("rawalpindi", "Rawalpindi", "راولبندي"),
      p("multan", "Multan", "ملتان"),
      p("gujranwala", "Gujranwala", "غوجرانوالا"),
      p("sialkot", "Sialkot", "سيالكوت"),
    ]),
    s("sindh", "Sindh", "السند", [
      p("karachi", "Karachi", "كراتشي"),
      p("hyderabad-pk", "Hyderabad", "حيدر آباد"),
      p("sukkur", "Sukkur", "سكر"),
    ]),
    s("kpk", "Khyber Pakhtunkhwa", "خيبر بختونخوا", [
      p("peshawar", "Peshawar", "بيشاور"),
      p("abbottabad", "Abbottabad", "أبوت آباد"),
      p("mardan", "Mardan", "مردان"),
    ]),
    s("balochistan", "Balochistan", "بلوشستان", [
      p("quetta", "Quetta", "كويتا"),
      p("gwadar", "Gwadar", "جوادر"),
    ]),
    s("islamabad", "Islamabad Capital Territory", "إقليم العاصمة إسلام آباد", [
      p("islamabad-city", "Islamabad", "إسلام آباد"),
    ]),
    s("gilgit-baltistan", "Gilgit-Baltistan", "جلجت بلتستان", [
      p("gilgit", "Gilgit", "جلجت"),
      p("skardu", "Skardu", "سكردو"),
    ]),
    s("ajk", "Azad Jammu and Kashmir", "آزاد جامو وكشمير", [
      p("muzaffarabad", "Muzaffarabad", "مظفر آباد"),
      p("mirpur", "Mirpur", "ميربور"),
    ]),
  ],
  OMN: [
    s("muscat", "Muscat", "مسقط", [
      p("muscat-city", "Muscat", "مسقط"),
      p("seeb", "Seeb", "السيب"),
      p("muttrah", "Muttrah", "مطرح"),
      p("bawshar", "Bawshar", "بوشر"),
    ]),
    s("dhofar", "Dhofar", "ظفار", [p("salalah", "Salalah", "صلالة")]),
    s("musandam", "Musandam", "مسندم", [p("khasab", "Khasab", "خصب")]),
    s("al-buraimi", "Al Buraimi", "البريمي", [p("al-buraimi-city", "Al Buraimi", "البريمي")]),
    s("ad-dakhiliyah", "Ad Dakhiliyah", "الداخلية", [
      p("nizwa", "Nizwa", "نزوى"),
      p("bahla", "Bahla", "بهلاء"),
    ]),
    s("north-batinah", "North Al Batinah", "شمال الباطنة", [
      p("sohar", "Sohar", "صحار"),
      p("shinas", "Shinas", "شناص"),
    ]),
    s("south-batinah", "South Al Batinah", "جنوب الباطنة", [
      p("rustaq", "Rustaq", "الرستاق"),
      p("barka", "Barka", "بركاء"),
    ]),
    s("south-sharqiyah", "South Ash Sharqiyah", "جنوب الشرقية", [p("sur", "Sur", "صور")]),
    s("north-sharqiyah", "North Ash Sharqiyah", "شمال الشرقية", [p("ibra", "Ibra", "إبراء")]),
    s("ad-dhahirah", "Ad Dhahirah", "الظاهرة", [p("ibri", "Ibri", "عبري")]),
    s("al-wusta", "Al Wusta", "الوسطى", [p("haima", "Haima", "هيماء"), p("duqm", "Duqm", "الدقم")]),
  ],
};

/** The states of the stored country; Egypt's when the country is unknown (spec: Egypt default). */
export function statesOf(country: string | null | undefined): readonly State[] {
  return STATES[country as Country] ?? STATES.EGY;
}

/** A state of the country by id, or undefined. */
export function findState(country: Country, stateId: string): State | undefined {
  return STATES[country].find((state) => state.id === stateId);
}

/** A city of the state by id, or undefined. */
export function findCity(country: Country, stateId: string, cityId: string): Place | undefined {
  return findState(country, stateId)?.cities.find((city) => city.id === cityId);
}

/** The place's name in the language (Arabic for "ar", English otherwise). */
export function placeName(place: Place, lang: string): string {
  return lang === "ar" ? place.ar : place.en;
}
