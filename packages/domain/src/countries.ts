/** Countries the provider operates in, with their host rules (merchant-dashboard.md section 9). */
export const COUNTRIES = ["EGY", "ARE", "SAU", "PAK", "OMN"] as const;
export type Country = (typeof COUNTRIES)[number];

export const COUNTRY_INFO: Record<
  Country,
  { currency: string; phoneCode: string; iso2: string; keyPrefix: string; timeZone: string }
> = {
  EGY: { currency: "EGP", phoneCode: "20", iso2: "EG", keyPrefix: "egy", timeZone: "Africa/Cairo" },
  ARE: { currency: "AED", phoneCode: "971", iso2: "AE", keyPrefix: "are", timeZone: "Asia/Dubai" },
  SAU: { currency: "SAR", phoneCode: "966", iso2: "SA", keyPrefix: "sau", timeZone: "Asia/Riyadh" },
  PAK: { currency: "PKR", phoneCode: "92", iso2: "PK", keyPrefix: "pak", timeZone: "Asia/Karachi" },
  OMN: { currency: "OMR", phoneCode: "968", iso2: "OM", keyPrefix: "omn", timeZone: "Asia/Muscat" },
};

export function isCountry(value: unknown): value is Country {
  return typeof value === "string" && (COUNTRIES as readonly string[]).includes(value);
}

/**
 * Hosts of a machine of one's own (localhost, 127.0.0.1, [::1], *.localhost): the local demo, where every
 * country's users sign in. On any other host only that country's users do (docs/auth.md).
 */
export function isLocalHost(host: string): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, "");
  return name === "localhost" || name === "127.0.0.1" || name === "[::1]" || name.endsWith(".localhost");
}

/**
 * Country by host: Saudi hosts give SAU; UAE, preview and localhost give ARE; Pakistan gives PAK; Oman gives
 * OMN; anything else EGY. Matching is on host labels, so "ksa.example.com" and "saudi.example.com" are Saudi.
 */
export function countryFromHost(host: string): Country {
  const name = host.toLowerCase().replace(/:\d+$/, "");
  const labels = name.split(".");
  const has = (...words: string[]) => labels.some((l) => words.includes(l));
  if (has("ksa", "saudi", "sau", "sa")) return "SAU";
  if (name === "localhost" || name === "127.0.0.1" || name === "[::1]" || has("uae", "are", "ae", "preview"))
    return "ARE";
  if (has("pakistan", "pak", "pk")) return "PAK";
  if (has("oman", "omn", "om")) return "OMN";
  return "EGY";
}
