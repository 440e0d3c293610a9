import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Security headers on every answer (issue 10 item 5; docs/security.md). One onSend hook decides by the kind of
 * answer, from its path: the dashboard app, the hosted checkout, the API documentation, or anything else (the
 * API's JSON, errors, 404s, file downloads), which gets the strictest policy. A route that sets its own
 * Content-Security-Policy or Cache-Control keeps it (the checkout's index.html names its allowed framers).
 */

const COMMON_APP_SOURCES = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine and the checkout set style attributes and inject <style> elements; scripts stay 'self' only.
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/** The dashboard SPA: partner logos may be https images; nobody may frame it (its buttons refund money). */
export const DASHBOARD_CSP = [
  ...COMMON_APP_SOURCES,
  "img-src 'self' data: blob: https:",
  "frame-ancestors 'none'",
].join("; ");

/** Swagger UI under /api/docs: its own scripts and styles, not framable. */
export const DOCS_CSP = [...COMMON_APP_SOURCES, "img-src 'self' data: https:", "frame-ancestors 'none'"].join(
  "; ",
);

/** API answers (JSON, errors, downloads): nothing may load from them and nobody may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The hosted checkout: framable by the portal itself and by the origins the payment's integration allows
 * (integrations.frame_origins, validated https origins; none means 'self' only).
 */
export function checkoutCsp(frameOrigins: readonly string[] = []): string {
  return [
    ...COMMON_APP_SOURCES,
    "img-src 'self' data:",
    `frame-ancestors ${["'self'", ...frameOrigins].join(" ")}`,
  ].join("; ");
}

export const HSTS = "max-age=31536000; includeSubDomains";

type AnswerKind = "dashboard" | "checkout" | "docs" | "api";

function kindOf(url: string): AnswerKind {
  const path = url.split("?")[0]!;
  const under = (base: string) => path === base || path.startsWith(`${base}/`);
  if (under("/portal2")) return "dashboard";
  if (under("/checkout")) return "checkout";
  if (under("/api/docs") && !path.startsWith("/api/docs/json") && !path.startsWith("/api/docs/yaml"))
    return "docs";
  return "api";
}

/** Sets a header unless the route already set it. */
function keep(reply: FastifyReply, name: string, value: string): void {
  if (!reply.hasHeader(name)) reply.header(name, value);
}

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const kind = kindOf(request.url);
  keep(reply, "x-content-type-options", "nosniff");
  keep(reply, "referrer-policy", "strict-origin-when-cross-origin");
  // request.protocol is "https" for a TLS connection, or behind a proxy TRUST_PROXY names that says so.
  if (request.protocol === "https") keep(reply, "strict-transport-security", HSTS);
  switch (kind) {
    case "dashboard":
      keep(reply, "content-security-policy", DASHBOARD_CSP);
      keep(reply, "x-frame-options", "DENY");
      break;
    case "docs":
      keep(reply, "content-security-policy", DOCS_CSP);
      keep(reply, "x-frame-options", "DENY");
      break;
    case "checkout":
      // X-Frame-Options cannot name origins; the CSP's frame-ancestors decides (every current browser reads it).
      keep(reply, "content-security-policy", checkoutCsp());
      break;
    case "api":
      keep(reply, "content-security-policy", API_CSP);
      keep(reply, "x-frame-options", "DENY");
      // Sign-in answers carry session tokens, key answers carry secrets: no API answer is stored by a cache
      // unless its route says otherwise.
      keep(reply, "cache-control", "no-store");
      break;
  }
}

/** Installs the hook on the root instance, so every answer of every plugin (and every error and 404) has it. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    applySecurityHeaders(request, reply);
    return payload;
  });
}
