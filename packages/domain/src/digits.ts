/**
 * Digit normalisation for user input: Arabic-Indic (٠-٩, used in Arabic) and extended Arabic-Indic (۰-۹, used
 * in Urdu) digits become ASCII, and the Arabic decimal separator (٫) becomes a dot. Nothing else changes.
 */
const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;
const ARABIC_DECIMAL_SEPARATOR = "\u066B";

export function normalizeDigits(input: string): string {
  let out = "";
  for (const ch of input) {
    const code = ch.codePointAt(0)!;
    if (code >= ARABIC_INDIC_ZERO && code <= ARABIC_INDIC_ZERO + 9) out += String(code - ARABIC_INDIC_ZERO);
    else if (code >= EXTENDED_ARABIC_INDIC_ZERO && code <= EXTENDED_ARABIC_INDIC_ZERO + 9)
      out += String(code - EXTENDED_ARABIC_INDIC_ZERO);
    else if (ch === ARABIC_DECIMAL_SEPARATOR) out += ".";
    else out += ch;
  }
  return out;
}
