/**
 * How a typed client turns a contract's path and query into a URL (packages/domain/src/contract.ts). Kept apart
 * from the contracts so a client that imports these two functions pulls in no schema.
 */

/** Fills `:name` segments of a path from params (URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string of the defined values (arrays repeat the key); empty when there is none. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The URL of a call to the route `METHOD /path` (the typed clients' keys), with its params and query. */
export function callTarget(
  route: string,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined,
): { method: string; url: string } {
  const space = route.indexOf(" ");
  return {
    method: route.slice(0, space),
    url: fillPath(route.slice(space + 1), input?.params) + queryString(input?.query),
  };
}
