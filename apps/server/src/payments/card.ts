import { normalizeDigits } from "@portal/domain";

/** Server-side checks of card fields the hosted page sends; the page checks the same before sending. */

export function cardDigits(input: string): string {
  return normalizeDigits(input).replace(/[\s-]/g, "");
}

export function luhnValid(pan: string): boolean {
  if (!/^\d{12,19}$/.test(pan)) return false;
  let sum = 0;
  let double = false;
  for (let i = pan.length - 1; i >= 0; i--) {
    let d = pan.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The scheme name the provider reports in source_data.sub_type. */
export function cardSubtype(pan: string): string {
  if (/^4/.test(pan)) return "Visa";
  if (/^5[1-5]/.test(pan)) return "MasterCard";
  const four = Number(pan.slice(0, 4));
  if (four >= 2221 && four <= 2720) return "MasterCard";
  if (/^3[47]/.test(pan)) return "Amex";
  if (/^507803|^507808|^507809|^507810/.test(pan)) return "Meeza";
  return "Card";
}

export interface CardFields {
  pan: string;
  expiry_month: number | string;
  expiry_year: number | string;
  cvv: string;
  card_holder: string;
}

export interface CheckedCard {
  pan: string;
  first6: string;
  last4: string;
  subtype: string;
  expiryMonth: number;
  expiryYear: number;
  holder: string;
}

export type CardFieldErrors = Partial<
  Record<"pan" | "expiry_month" | "expiry_year" | "cvv" | "card_holder", string[]>
>;

/** Validates the fields; `now` decides expiry (a card is valid through the last day of its expiry month). */
export function checkCard(
  input: CardFields,
  now: Date,
): { ok: true; card: CheckedCard } | { ok: false; fields: CardFieldErrors } {
  const fields: CardFieldErrors = {};
  const pan = cardDigits(input.pan);
  if (!luhnValid(pan)) fields.pan = ["Please enter a valid card number."];
  const month = Number(normalizeDigits(String(input.expiry_month)).trim());
  let year = Number(normalizeDigits(String(input.expiry_year)).trim());
  if (!Number.isInteger(month) || month < 1 || month > 12)
    fields.expiry_month = ["Please enter a valid month."];
  if (!Number.isInteger(year) || year < 0 || year > 9999) fields.expiry_year = ["Please enter a valid year."];
  else if (year < 100) year += 2000;
  if (!fields.expiry_month && !fields.expiry_year) {
    const nowMonths = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (year * 12 + (month - 1) < nowMonths) fields.expiry_year = ["The card has expired."];
  }
  const cvv = normalizeDigits(input.cvv).trim();
  if (!/^\d{3,4}$/.test(cvv)) fields.cvv = ["Please enter a valid CVV."];
  const holder = input.card_holder.trim();
  if (holder.length < 2 || holder.length > 100) fields.card_holder = ["Please enter the name on the card."];
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    card: {
      pan,
      first6: pan.slice(0, 6),
      last4: pan.slice(-4),
      subtype: cardSubtype(pan),
      expiryMonth: month,
      expiryYear: year,
      holder,
    },
  };
}
