import { CSRF_COOKIE, SESSION_COOKIE } from "@portal/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { IssuedSession } from "./session.repository.ts";

export interface Credential {
  token: string;
  /** Cookie-authenticated requests need the CSRF header on state-changing methods; bearer ones do not. */
  via: "cookie" | "bearer";
}

/** The session token of a request: `Authorization: Bearer|Token <token>` first, then the session cookie. */
export function readCredential(request: FastifyRequest): Credential | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^(?:Bearer|Token)\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ? { token: match[1], via: "bearer" } : undefined;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: "cookie" } : undefined;
}

function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  return { path: "/", sameSite: "lax" as const, httpOnly, secure: request.protocol === "https" };
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: IssuedSession,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, cookieOptions(request, true));
  reply.setCookie(CSRF_COOKIE, session.csrfToken, cookieOptions(request, false));
}

/** Clears only the session's own cookies: the language and live-mode cookies stay (spec section 4, logout). */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, true));
  reply.clearCookie(CSRF_COOKIE, cookieOptions(request, false));
}
