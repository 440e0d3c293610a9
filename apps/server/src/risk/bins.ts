/**
 * The issuing country of a card by its first digits (its BIN), for the "allowed card-issuing countries" rule.
 * A connector to a real acquirer reads it from the acquirer's BIN table; the simulator's cards are placed here:
 * the published sandbox Mastercards and the Meeza range in Egypt, the Visa test cards in the United States.
 * Unknown BINs have no country, so a countries rule declines them (docs/pos-risk.md "Risk").
 */
const BIN_COUNTRIES: readonly (readonly [prefix: string, country: string])[] = [
  ["512345", "EG"],
  ["507803", "EG"],
  ["507808", "EG"],
  ["507809", "EG"],
  ["507810", "EG"],
  ["411111", "US"],
  ["400000", "US"],
  ["555555", "AE"],
  ["222300", "SA"],
];

export function issuingCountry(first6: string): string | null {
  for (const [prefix, country] of BIN_COUNTRIES) if (first6.startsWith(prefix)) return country;
  return null;
}
