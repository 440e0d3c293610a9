/** The error side of the fetch wrapper, kept free of React and i18next so it can be tested alone. */

export type ErrorBody = {
  detail?: unknown;
  message?: unknown;
  error?: unknown;
  code?: unknown;
  fields?: unknown;
};

export type FailureKind = "http" | "timeout" | "network";

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | undefined;
  readonly kind: FailureKind;
  /** Set when the client already acted on it (a 401 logged the user out), so no toast is due. */
  handled = false;

  constructor(kind: FailureKind, status: number, body: ErrorBody | undefined) {
    super(kind === "http" ? `HTTP ${status}` : kind === "timeout" ? "Request timed out" : "Network error");
    this.name = "ApiError";
    this.kind = kind;
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return typeof this.body?.code === "string" ? this.body.code : undefined;
  }

  /** Field errors of a 400 answer: {field: [messages or problem codes]}. */
  get fields(): Record<string, string[]> {
    const fields = this.body?.fields;
    if (!fields || typeof fields !== "object") return {};
    const out: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === "string");
    }
    return out;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/**
 * The generic handler's message (spec section 8): no answer gives the generic text; otherwise a known error code
 * is shown in the user's language, else the answer's detail, message or error field, else the generic text.
 * `translateCode` answers undefined for codes without a translation.
 */
export function errorMessage(
  err: unknown,
  genericText: string,
  translateCode: (code: string) => string | undefined,
): string {
  if (!isApiError(err) || err.kind !== "http") return genericText;
  const code = err.code;
  const translated = code ? translateCode(code) : undefined;
  // A text with values to fill (iframe_limit's support address) has none here: the server's own message, which has
  // them filled, is better than a placeholder.
  if (translated && !translated.includes("{{")) return translated;
  for (const field of ["detail", "message", "error"] as const) {
    const value = err.body?.[field];
    if (typeof value === "string" && value.trim()) return value;
  }
  return genericText;
}
