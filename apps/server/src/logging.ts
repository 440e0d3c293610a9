import type { FastifyServerOptions } from "fastify";

/**
 * Structured JSON logs. Request bodies are never logged; headers and fields that can carry secrets or card
 * data are censored wherever they appear.
 */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-csrf-token']",
  "res.headers['set-cookie']",
  "*.password",
  "*.new_password",
  "*.old_password",
  "*.token",
  "*.api_key",
  "*.secret_key",
  "*.hmac",
  "*.pan",
  "*.card_number",
  "*.cvv",
];

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: {
      req(req) {
        // The query string can carry payment tokens and hmac values: log the path only.
        return { method: req.method, url: req.url.split("?")[0], remoteAddress: req.ip };
      },
    },
  };
}
