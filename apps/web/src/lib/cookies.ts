/** Readable cookies of the dashboard: lang, is_live_mode and csrf_token (the session cookie is HttpOnly). */

export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** The spec's cookie helper: expiry in days, SameSite Lax, whole site. */
export function cookieString(name: string, value: string, days: number, secure = false): string {
  const maxAge = Math.round(days * 86_400);
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function getCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  return parseCookies(document.cookie)[name];
}

export function setCookie(name: string, value: string, days: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the async Cookie Store API is missing in some browsers we support
  document.cookie = cookieString(name, value, days, window.location.protocol === "https:");
}

export function deleteCookie(name: string): void {
  for (const path of ["/", "/portal2", "/portal2/"]) {
    // biome-ignore lint/suspicious/noDocumentCookie: as in setCookie
    document.cookie = `${name}=; Max-Age=0; Path=${path}; SameSite=Lax`;
  }
}

/** Deletes every readable cookie except the ones named (logout keeps language and live mode). */
export function clearCookiesExcept(keep: readonly string[]): void {
  for (const name of Object.keys(parseCookies(document.cookie))) {
    if (!keep.includes(name)) deleteCookie(name);
  }
}
