import { useEffect, useState } from "react";

/** Client-side routing by pathname under the app's base, with the History API (no router library). */
export const BASE = "/checkout";

export interface Where {
  path: string;
  params: URLSearchParams;
  state: unknown;
}

function where(): Where {
  const { pathname, search } = window.location;
  const path = pathname.startsWith(BASE) ? pathname.slice(BASE.length).replace(/\/+$/, "") || "/" : pathname;
  return { path, params: new URLSearchParams(search), state: window.history.state };
}

export function useWhere(): Where {
  const [now, setNow] = useState(where);
  useEffect(() => {
    const update = () => setNow(where());
    window.addEventListener("popstate", update);
    return () => window.removeEventListener("popstate", update);
  }, []);
  return now;
}

/** Goes to a path of this app; the language chosen in the URL travels along. */
export function navigate(url: string, state: unknown = null, replace = false): void {
  const target = new URL(url, window.location.href);
  const lang = new URLSearchParams(window.location.search).get("lang");
  if (lang && !target.searchParams.has("lang")) target.searchParams.set("lang", lang);
  const next = `${target.pathname}${target.search}`;
  if (replace) window.history.replaceState(state, "", next);
  else window.history.pushState(state, "", next);
  window.dispatchEvent(new PopStateEvent("popstate", { state }));
  window.scrollTo(0, 0);
}

/** Sets or removes one query parameter of the current URL without a new history entry. */
export function setParam(name: string, value: string | null): void {
  const url = new URL(window.location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
}

/**
 * A redirect target the page may follow: an http(s) URL, or a path of this site. Anything else (javascript:,
 * data:) is refused, whatever the server sent.
 */
export function safeUrl(url: string | null | undefined): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed : null;
  } catch {
    return null;
  }
}

/** Follows a URL: inside this app without a reload, anywhere else with a full navigation. */
export function follow(url: URL, state: unknown = null): void {
  if (url.origin === window.location.origin && url.pathname.startsWith(`${BASE}/`)) {
    navigate(`${url.pathname}${url.search}`, state);
  } else {
    window.location.assign(url.href);
  }
}
