/**
 * Bounds on text and JSON that arrive from outside (principle 14): lengths, and characters no stored text may
 * hold. PostgreSQL refuses NUL in text and jsonb and unpaired UTF-16 surrogates cannot be encoded at all, so
 * both would fail deep inside a statement; they are refused at the edge instead, with the other control
 * characters (tab, line feed and carriage return stay allowed in free-form text).
 */

import { z } from "zod";

/** Documented maximum lengths (characters) of the text fields of the public API and the checkout. */
export const TEXT_MAX = {
  /** Tokens, keys, secrets, currency codes, subtypes: nothing legitimate is longer. */
  token: 512,
  /** merchant_order_id, special_reference, reference_id: the unique index holds it. */
  reference: 255,
  /** Names of items, people, places; e-mail addresses; billing fields. */
  name: 255,
  /** Descriptions (items, links). */
  description: 1000,
  /** notification_url, redirection_url and other addresses. */
  url: 2048,
} as const;

/** The largest JSON object taken as-is (extras, customer, shipping_data), measured as UTF-8 JSON text. */
export const JSON_FIELD_MAX_BYTES = 16 * 1024;
/** The deepest nesting of such an object. */
export const JSON_FIELD_MAX_DEPTH = 8;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\p{Cs}]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cs}]/u;

export const FORBIDDEN_CHARACTERS_MESSAGE =
  "Must not contain NUL, control characters or unpaired surrogates.";

/**
 * True when `value` holds NUL, another control character (C0, DEL, C1) or an unpaired surrogate. Free-form
 * text (`multiline`) may hold tab, line feed and carriage return.
 */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

const utf8 = new TextEncoder();

export type JsonProblem = "characters" | "too_large" | "too_deep";

/**
 * What is wrong with a JSON value taken from outside, or undefined: a key or string with forbidden characters
 * (strings may be multi-line), nesting deeper than `maxDepth`, or more than `maxBytes` of UTF-8 JSON.
 */
export function jsonProblem(
  value: unknown,
  maxBytes: number = JSON_FIELD_MAX_BYTES,
  maxDepth: number = JSON_FIELD_MAX_DEPTH,
): JsonProblem | undefined {
  const walk = (node: unknown, depth: number): JsonProblem | undefined => {
    if (typeof node === "string") return hasForbiddenCharacters(node, true) ? "characters" : undefined;
    if (node === null || typeof node !== "object") return undefined;
    if (depth >= maxDepth) return "too_deep";
    const entries = Array.isArray(node) ? node.map((v) => ["", v] as const) : Object.entries(node);
    for (const [key, child] of entries) {
      if (hasForbiddenCharacters(key)) return "characters";
      const problem = walk(child, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  };
  const problem = walk(value, 0);
  if (problem) return problem;
  return utf8.encode(JSON.stringify(value) ?? "").length > maxBytes ? "too_large" : undefined;
}

/**
 * A string from outside: at most `max` characters and no forbidden characters (free-form text, `multiline`,
 * may hold tab and newlines). Messages are in the provider's wording, which the public API answers with.
 */
export const boundedText = (max: number, opts: { multiline?: boolean } = {}) =>
  z
    .string()
    .max(max, { message: `Ensure this field has no more than ${max} characters.` })
    .refine((v) => !hasForbiddenCharacters(v, opts.multiline), { message: FORBIDDEN_CHARACTERS_MESSAGE });
