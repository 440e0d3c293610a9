import type { AcqPartner, Country, Profile, ProfileType, SessionResponse } from "@portal/domain";
import { useSyncExternalStore } from "react";

/**
 * The signed-in user as the dashboard knows it. Only non-secret values are kept in localStorage (the session
 * token lives in the HttpOnly portal_session cookie); GET /api/auth/me refreshes them on every load.
 */
export interface Session {
  id: number;
  type: ProfileType;
  name: string;
  username: string;
  country: Country;
  merchant_id: number | null;
  permNames: string[];
  acq_partner: AcqPartner | null;
  partner_time_zone: string | null;
  has_live_integration: boolean;
  /** Signed in with a temporary password: only the change-password page is open. */
  temp: boolean;
}

export const SESSION_KEY = "session";
export const PERMS_DICT_KEY = "permsDict";

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = readStored();
let profile: Profile | null = null;

function readStored(): Session | null {
  try {
    const raw = typeof localStorage === "undefined" ? null : localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Session>;
    return value && typeof value.id === "number" && typeof value.type === "string"
      ? (value as Session)
      : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

/** The full profile of the last sign-in or session check (memory only). */
export function getProfile(): Profile | null {
  return profile;
}

export function displayName(p: Profile): string {
  if (p.profile_type === "Partner" && p.name) return p.name;
  if (p.company_name) return p.company_name;
  const full = `${p.user.first_name} ${p.user.last_name}`.trim();
  return full || p.user.username;
}

export function sessionFrom(
  answer: Pick<SessionResponse, "profile" | "acq_partner">,
  permNames: string[],
): Session {
  const p = answer.profile;
  return {
    id: p.id,
    type: p.profile_type,
    name: displayName(p),
    username: p.user.username,
    country: p.country,
    merchant_id: p.merchant_id,
    permNames,
    acq_partner: answer.acq_partner,
    partner_time_zone: answer.acq_partner?.partner_time_zone ?? null,
    has_live_integration: p.has_live_integration,
    temp: p.is_temp_password,
  };
}

/** Spec section 4: signed in when id and type exist and permission names are present (partners exempt). */
export function isSignedIn(session: Session | null): session is Session {
  if (!session?.id || !session.type) return false;
  return session.type === "Partner" || Array.isArray(session.permNames);
}

export function setSession(next: Session, fullProfile: Profile | null): void {
  current = next;
  profile = fullProfile;
  localStorage.setItem(SESSION_KEY, JSON.stringify(next));
  emit();
}

export function clearSession(): void {
  current = null;
  profile = null;
  localStorage.removeItem(SESSION_KEY);
  emit();
}

// Another tab signing in or out changes what this tab knows.
if (typeof window !== "undefined" && typeof window.addEventListener === "function") {
  window.addEventListener("storage", (event) => {
    if (event.key !== SESSION_KEY && event.key !== null) return;
    current = readStored();
    if (!current) profile = null;
    emit();
  });
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Ids to names through the dictionary of GET /api/auth/merchant_staff/permission/list_perms. */
export function permissionNames(ids: readonly number[], dict: Record<string, string>): string[] {
  return ids.map((id) => dict[String(id)]).filter((name): name is string => typeof name === "string");
}
