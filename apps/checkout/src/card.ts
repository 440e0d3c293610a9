import { normalizeDigits } from "@portal/domain/digits";

/** Pure card-field rules of the payment form: no React, unit tested in card.test.ts. */

export type Brand = "visa" | "mastercard";

export const PAN_MIN = 12;
export const PAN_MAX = 19;

/** The ASCII digits of what a customer typed (Arabic-Indic digits count too; spaces and dashes are dropped). */
export function digitsOf(input: string): string {
  return normalizeDigits(input).replace(/\D/g, "");
}

/** The Luhn (mod 10) check every payment card number passes. */
export function luhnValid(pan: string): boolean {
  if (!/^\d+$/.test(pan)) return false;
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

/** Visa starts with 4; Mastercard with 51-55 or 2221-2720. Anything else is not shown with a brand. */
export function cardBrand(pan: string): Brand | null {
  if (/^4/.test(pan)) return "visa";
  if (/^5[1-5]/.test(pan)) return "mastercard";
  if (/^2\d{3}/.test(pan)) {
    const prefix = Number(pan.slice(0, 4));
    if (prefix >= 2221 && prefix <= 2720) return "mastercard";
  }
  return null;
}

/** Groups of four digits for display: "5123 4567 8901 2346"; at most PAN_MAX digits are kept. */
export function formatCardNumber(input: string): string {
  const digits = digitsOf(input).slice(0, PAN_MAX);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits precede it (keeps editing mid-number sane). */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

export type PanProblem = "required" | "invalid";

export function panProblem(input: string): PanProblem | null {
  const pan = digitsOf(input);
  if (pan === "") return "required";
  if (pan.length < PAN_MIN || pan.length > PAN_MAX || !luhnValid(pan)) return "invalid";
  return null;
}

/**
 * Formats what is typed into the expiry field as "MM/YY": "1" stays "1", "13" becomes "01/3", "0139" becomes
 * "01/39". A typed slash after one digit pads the month ("1/" -> "01/").
 */
export function formatExpiry(input: string): string {
  const text = normalizeDigits(input);
  let digits = text.replace(/\D/g, "");
  if (/^\d\s*\//.test(text.trim())) digits = `0${digits}`;
  else if (digits.length >= 1 && Number(digits[0]) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2 && !text.includes("/")) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export interface Expiry {
  month: number;
  /** Four-digit year. */
  year: number;
}

/** "MM/YY" or "MM/YYYY" to a month and a four-digit year; null when it is not a date of that shape. */
export function parseExpiry(input: string): Expiry | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(normalizeDigits(input).trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const yy = match[2]!;
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  return { month, year };
}

export type ExpiryProblem = "required" | "invalid" | "expired";

/** A card is valid through the last day of its expiry month; more than 20 years ahead is a typing mistake. */
export function expiryProblem(input: string, now: Date = new Date()): ExpiryProblem | null {
  if (input.trim() === "") return "required";
  const expiry = parseExpiry(input);
  if (!expiry) return "invalid";
  const current = now.getFullYear() * 12 + now.getMonth();
  const value = expiry.year * 12 + (expiry.month - 1);
  if (value < current) return "expired";
  if (value > current + 20 * 12) return "invalid";
  return null;
}

export type CvvProblem = "required" | "invalid";

export function cvvProblem(input: string): CvvProblem | null {
  const cvv = normalizeDigits(input).trim();
  if (cvv === "") return "required";
  return /^\d{3,4}$/.test(cvv) ? null : "invalid";
}

/** The name on the card: 2 to 100 characters, as the server checks. */
export function holderProblem(input: string): "required" | "invalid" | null {
  const name = input.trim();
  if (name === "") return "required";
  return name.length < 2 || name.length > 100 ? "invalid" : null;
}

/** A wallet's mobile number: 8 to 15 digits, optionally with a leading + and spaces or dashes between. */
export function phoneValid(input: string): boolean {
  const text = normalizeDigits(input).trim();
  if (!/^\+?[\d\s-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, "");
  return digits.length >= 8 && digits.length <= 15;
}
