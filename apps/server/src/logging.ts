import type { FastifyServerOptions } from "fastify";

/**
 * Structured JSON logs. Request bodies are never logged; headers and fields that can carry secrets or card
 * data are censored wherever they appear.
 */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-csrf-token']",
  "req.headers['x-mailbox-key']",
  "res.headers['set-cookie']",
  "*.password",
  "*.new_password",
  "*.old_password",
  "*.token",
  "*.sso_token",
  "*.csrf_token",
  "*.api_key",
  "*.secret_key",
  "*.hmac",
  "*.pan",
  "*.card_number",
  "*.cvv",
];

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: {
      req(req) {
        // The query string can carry payment tokens and hmac values: log the path only.
        // Intention client secrets travel in the path (PUT /v1/intention/{client_secret}, the element call).
        const path = req.url.split("?")[0]!.replace(/[a-z]{3}_csk_(test|live)_[0-9a-f]+/g, "[client_secret]");
        return { method: req.method, url: path, remoteAddress: req.ip };
      },
    },
  };
}
