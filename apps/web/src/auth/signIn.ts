import type { Profile, SessionResponse } from "@portal/domain";
import { lastServerAnswer, rememberCsrfToken } from "../api/client.ts";
import { isApiError } from "../api/errors.ts";
import { authApi } from "./auth.api.ts";
import {
  clearSession,
  getSession,
  PERMS_DICT_KEY,
  permissionNames,
  type Session,
  sessionFrom,
  setSession,
} from "./session.ts";

function cachedDictionary(): Record<string, string> | undefined {
  try {
    const raw = localStorage.getItem(PERMS_DICT_KEY);
    return raw ? (JSON.parse(raw) as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Permission ids become names through the permission list call (spec section 6). A temporary-password session
 * may not call it, and partners are exempt from permissions.
 */
async function loadPermissionNames(profile: Profile, allowCache: boolean): Promise<string[]> {
  if (profile.is_temp_password || profile.profile_type === "Partner") return [];
  let dict: Record<string, string> | undefined;
  try {
    dict = await authApi.permissions();
    localStorage.setItem(PERMS_DICT_KEY, JSON.stringify(dict));
  } catch (err) {
    dict = allowCache ? cachedDictionary() : undefined;
    if (!dict) throw err;
  }
  return permissionNames(profile.user.user_permissions, dict);
}

/** Stores the session of a sign-in or session-check answer. */
export async function establishSession(
  answer: Pick<SessionResponse, "profile" | "acq_partner" | "csrf_token">,
  allowCache = false,
): Promise<Session> {
  rememberCsrfToken(answer.csrf_token);
  const names = await loadPermissionNames(answer.profile, allowCache);
  const session = sessionFrom(answer, names);
  setSession(session, answer.profile);
  return session;
}

export type RestoreResult = "restored" | "signed-out" | "expired" | "offline";

/** On load, GET /api/auth/me restores the session from the HttpOnly cookie. */
export async function restoreSession(): Promise<RestoreResult> {
  const hadSession = getSession() !== null;
  try {
    const me = await authApi.me();
    await establishSession(me, true);
    return "restored";
  } catch (err) {
    if (isApiError(err) && err.kind === "http") {
      clearSession();
      return hadSession && err.code === "session_expired" ? "expired" : "signed-out";
    }
    // No answer: keep what we know; the first call of a screen will tell.
    return hadSession ? "offline" : "signed-out";
  }
}

/**
 * Screens that make no request (placeholders) would never learn that the server ended the session (idle for
 * SESSION_IDLE_MINUTES, or signed out elsewhere); so a navigation a minute or more after the server's last answer
 * asks GET /api/auth/me first. Answers false when the session has ended.
 */
export const SESSION_RECHECK_MS = 60_000;

export async function sessionStillValid(): Promise<boolean> {
  if (Date.now() - lastServerAnswer() < SESSION_RECHECK_MS) return true;
  try {
    const me = await authApi.me();
    await establishSession(me, true);
    return true;
  } catch (err) {
    return !(isApiError(err) && err.status === 401);
  }
}
