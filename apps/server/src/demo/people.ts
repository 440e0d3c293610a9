import { COUNTRY_INFO, type Country } from "@portal/domain";
import type { Random } from "./random.ts";
import type { Scheme } from "./world.ts";

/** Names, phones, addresses, card numbers and issuers that look local to each country. */

const FIRST_NAMES: Record<Country, string[]> = {
  EGY: [
    "Ahmed",
    "Mohamed",
    "Mona",
    "Nour",
    "Omar",
    "Yasmin",
    "Karim",
    "Salma",
    "Mostafa",
    "Hana",
    "Tarek",
    "Dina",
  ],
  ARE: [
    "Khalid",
    "Fatima",
    "Rashid",
    "Aisha",
    "Saeed",
    "Maryam",
    "Hamdan",
    "Noura",
    "Priya",
    "James",
    "Layla",
  ],
  SAU: ["Abdullah", "Sara", "Faisal", "Reem", "Turki", "Lama", "Nawaf", "Haya", "Sultan", "Joud", "Majed"],
  PAK: ["Ali", "Ayesha", "Usman", "Fatima", "Bilal", "Sana", "Hamza", "Mahnoor", "Imran", "Zainab", "Hassan"],
  OMN: ["Said", "Aziza", "Hilal", "Muna", "Talal", "Buthaina", "Khalfan", "Shamsa", "Nasser", "Thuraya"],
};

const LAST_NAMES: Record<Country, string[]> = {
  EGY: ["Hassan", "Ibrahim", "El-Sayed", "Mahmoud", "Fathy", "Abdelrahman", "Soliman", "Naguib", "Farouk"],
  ARE: ["Al Mansoori", "Al Nuaimi", "Al Falasi", "Al Ketbi", "Al Shamsi", "Menon", "Carter", "Al Suwaidi"],
  SAU: ["Al Qahtani", "Al Otaibi", "Al Ghamdi", "Al Harbi", "Al Dosari", "Al Zahrani", "Al Shehri"],
  PAK: ["Khan", "Ahmed", "Malik", "Qureshi", "Butt", "Chaudhry", "Sheikh", "Raza", "Iqbal"],
  OMN: ["Al Busaidi", "Al Balushi", "Al Harthy", "Al Hinai", "Al Rawahi", "Al Kindi", "Al Lawati"],
};

/** A share of customers write their names in Arabic script, as real checkout data does. */
const ARABIC_NAMES = [
  "أحمد محمود",
  "منى حسن",
  "خالد المنصوري",
  "سارة القحطاني",
  "عمر إبراهيم",
  "فاطمة البلوشي",
  "يوسف الحارثي",
  "نورة الشمسي",
];

const CITIES: Record<Country, [state: string, city: string][]> = {
  EGY: [
    ["Cairo", "Nasr City"],
    ["Cairo", "Maadi"],
    ["Giza", "Dokki"],
    ["Giza", "Sheikh Zayed"],
    ["Alexandria", "Smouha"],
    ["Dakahlia", "Mansoura"],
  ],
  ARE: [
    ["Dubai", "Dubai Marina"],
    ["Dubai", "Deira"],
    ["Abu Dhabi", "Khalifa City"],
    ["Sharjah", "Al Majaz"],
    ["Ajman", "Al Nuaimiya"],
  ],
  SAU: [
    ["Riyadh", "Al Olaya"],
    ["Riyadh", "Al Malqa"],
    ["Makkah", "Jeddah"],
    ["Eastern Province", "Dammam"],
    ["Eastern Province", "Khobar"],
  ],
  PAK: [
    ["Punjab", "Lahore"],
    ["Sindh", "Karachi"],
    ["Islamabad Capital Territory", "Islamabad"],
    ["Punjab", "Faisalabad"],
    ["Khyber Pakhtunkhwa", "Peshawar"],
  ],
  OMN: [
    ["Muscat", "Qurum"],
    ["Muscat", "Al Khuwair"],
    ["Dhofar", "Salalah"],
    ["Ad Dakhiliyah", "Nizwa"],
    ["Al Batinah North", "Sohar"],
  ],
};

export const ISSUERS: Record<Country, string[]> = {
  EGY: ["CIB", "National Bank of Egypt", "Banque Misr", "QNB Alahli", "Banque du Nil"],
  ARE: ["Emirates NBD", "First Abu Dhabi Bank", "ADCB", "Mashreq", "Emirates Gulf Bank"],
  SAU: ["Al Rajhi Bank", "Saudi National Bank", "Riyad Bank", "SAB", "Alinma Bank"],
  PAK: ["HBL", "MCB Bank", "United Bank Limited", "Meezan Bank", "Bank Alfalah"],
  OMN: ["Bank Muscat", "National Bank of Oman", "Bank Dhofar", "Sohar International"],
};

const BINS: Record<Scheme, string[]> = {
  MasterCard: ["512345", "545454", "522019", "557606"],
  Visa: ["411111", "424242", "457173", "489537"],
  Meeza: ["507803", "507808"],
  Mada: ["588845", "440647", "446404"],
  OmanNet: ["636120", "636126"],
  Amex: ["378282", "371449"],
};

export interface Person {
  firstName: string;
  lastName: string;
  /** Display name: Latin or, for some customers, Arabic script. */
  fullName: string;
  email: string;
  phone: string;
}

export function person(rnd: Random, country: Country, index: number): Person {
  const firstName = rnd.pick(FIRST_NAMES[country]);
  const lastName = rnd.pick(LAST_NAMES[country]);
  const arabic = country !== "PAK" && rnd.chance(0.15);
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "");
  return {
    firstName,
    lastName,
    fullName: arabic ? rnd.pick(ARABIC_NAMES) : `${firstName} ${lastName}`,
    email: `${local}${index}@${rnd.pick(["gmail.com", "outlook.com", "yahoo.com", "mail.example"])}`,
    phone: phoneNumber(rnd, country),
  };
}

export function phoneNumber(rnd: Random, country: Country): string {
  const code = COUNTRY_INFO[country].phoneCode;
  switch (country) {
    case "EGY":
      return `+${code}1${rnd.pick(["0", "1", "2", "5"])}${rnd.digits(8)}`;
    case "ARE":
      return `+${code}5${rnd.pick(["0", "2", "5", "6", "8"])}${rnd.digits(7)}`;
    case "SAU":
      return `+${code}5${rnd.digits(8)}`;
    case "PAK":
      return `+${code}3${rnd.int(0, 4)}${rnd.digits(8)}`;
    case "OMN":
      return `+${code}9${rnd.digits(7)}`;
  }
}

/** Wallet numbers as the customer types them on the wallet page (local format). */
export function walletMsisdn(rnd: Random, country: Country): string {
  if (country === "PAK") return `03${rnd.int(0, 4)}${rnd.digits(8)}`;
  return `01${rnd.pick(["0", "1", "2", "5"])}${rnd.digits(8)}`;
}

export function address(rnd: Random, country: Country): Record<string, string> {
  const [state, city] = rnd.pick(CITIES[country]);
  return {
    country: COUNTRY_INFO[country].iso2,
    state,
    city,
    street: `${rnd.pick(["King", "Palm", "Nile", "Garden", "Market", "Harbour", "Park"])} Street ${rnd.int(1, 90)}`,
    building: String(rnd.int(1, 250)),
    floor: String(rnd.int(0, 14)),
    apartment: String(rnd.int(1, 40)),
    postal_code: rnd.digits(5),
  };
}

export function cardNumber(rnd: Random, scheme: Scheme): { first6: string; last4: string } {
  return { first6: rnd.pick(BINS[scheme]), last4: rnd.digits(4) };
}
