import { ERROR_MESSAGES, type ErrorCode } from "./errors.ts";
import { VALIDATION_MESSAGES, type ValidationCode } from "./validation.ts";

/** Any code of the two catalogues; the two sets of codes are disjoint (tested). */
export type MessageCode = ErrorCode | ValidationCode;

export type MessageParams = Record<string, string | number>;

/** Replaces {name} placeholders; unknown placeholders are left as they are. */
export function interpolate(text: string, params: MessageParams = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The English text of a code, with placeholders filled. */
export function messageText(code: MessageCode, params?: MessageParams): string {
  const text = Object.hasOwn(ERROR_MESSAGES, code)
    ? ERROR_MESSAGES[code as ErrorCode]
    : VALIDATION_MESSAGES[code as ValidationCode];
  return interpolate(text, params);
}
