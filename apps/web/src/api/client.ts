import type { AnswerOf, ApiRoutes, CallInput } from "@portal/domain";
import { callTarget } from "@portal/domain/paths";
import { getCookie } from "../lib/cookies.ts";
import { ApiError, type ErrorBody } from "./errors.ts";

/** Every request times out after 100000 ms (spec sections 7 and 9). */
export const REQUEST_TIMEOUT_MS = 100_000;
export const CSRF_COOKIE = "csrf_token";
export const CSRF_HEADER = "X-CSRF-Token";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * false for calls whose 401 means something else than an ended session: sign-in (wrong credentials),
   * the session check at start-up, and the logout call itself.
   */
  handleUnauthorized?: boolean;
  /** A bearer token for this call only (switching dashboards); the dashboard otherwise uses its cookie. */
  bearer?: string;
  /** Extra request headers for this call (the local mailbox's key). */
  headers?: Record<string, string>;
}

let csrfFromSignIn: string | undefined;
let onUnauthorized: ((err: ApiError) => void) | undefined;
let currentLanguage = "en";
let lastAnswerAt = 0;

/** When the server last answered (any status): the session's idle clock restarted then. */
export function lastServerAnswer(): number {
  return lastAnswerAt;
}

/** The session token stays in the HttpOnly cookie; the CSRF value comes from its readable cookie or sign-in. */
export function rememberCsrfToken(token: string | undefined): void {
  csrfFromSignIn = token;
}

/** The generic handler's 401 rule: the app registers its session-expired logout here. */
export function setUnauthorizedHandler(handler: (err: ApiError) => void): void {
  onUnauthorized = handler;
}

export function setRequestLanguage(lang: string): void {
  currentLanguage = lang;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { detail: undefined, raw: text };
  }
}

/** The one fetch wrapper of the dashboard: JSON in and out, cookies, CSRF header, timeout, error shape. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": currentLanguage };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  Object.assign(headers, options.headers);
  if (method !== "GET") {
    const csrf = getCookie(CSRF_COOKIE) ?? csrfFromSignIn;
    if (csrf) headers[CSRF_HEADER] = csrf;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener("abort", abortFromCaller, { once: true });

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "include",
      signal: controller.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted && !timedOut) throw cause;
    const err = new ApiError(timedOut ? "timeout" : "network", 0, undefined);
    logFailure(method, path, timedOut ? "Request timed out" : "network error", null);
    throw err;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", abortFromCaller);
  }

  lastAnswerAt = Date.now();
  const body = await readBody(response);
  if (response.ok) return body as T;

  const err = new ApiError("http", response.status, (body ?? undefined) as ErrorBody | undefined);
  // A 401 the caller expects (signed out at start-up, wrong password) is not a failure worth recording.
  if (!(response.status === 401 && options.handleUnauthorized === false)) {
    logFailure(method, path, response.status, response.headers.get("x-request-id"));
  }
  if (response.status === 401 && options.handleUnauthorized !== false && onUnauthorized) {
    err.handled = true;
    onUnauthorized(err);
  }
  throw err;
}

/** Failures are recorded without bodies, so no secret or personal data reaches the console. */
function logFailure(method: string, path: string, status: number | string, requestId: string | null): void {
  const url = new URL(path, window.location.origin);
  console.warn("API request failed", { method, url: url.origin, path: url.pathname, status, requestId });
}

/**
 * Sends one file as multipart/form-data (one part named `file`), which the JSON client does not send: the CSRF
 * header as `request` sends it; a network failure or a refusal throws the same ApiError.
 */
export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append("file", file, file.name);
  const headers: Record<string, string> = { Accept: "application/json" };
  const csrf = getCookie(CSRF_COOKIE) ?? csrfFromSignIn;
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", body: form, headers, credentials: "include" });
  } catch {
    throw new ApiError("network", 0, undefined);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) throw new ApiError("http", response.status, body as ErrorBody | undefined);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "POST", body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "PUT", body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "PATCH", body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "DELETE" }),
};

/**
 * Calls a route by its contract key, e.g. `call("GET /api/transactions/:id", { params: { id }, query })`: the
 * params, query, body and answer are typed from the contract in packages/domain/src/api (ADR 0008), which this
 * file imports as types only.
 */
export function call<K extends keyof ApiRoutes & string>(
  route: K,
  // biome-ignore lint/complexity/noBannedTypes: {} extends X is the test for "every field of X is optional"
  ...[input, options]: {} extends CallInput<ApiRoutes[K]>
    ? [input?: CallInput<ApiRoutes[K]>, options?: Omit<RequestOptions, "method" | "body">]
    : [input: CallInput<ApiRoutes[K]>, options?: Omit<RequestOptions, "method" | "body">]
): Promise<AnswerOf<ApiRoutes[K]>> {
  // Through unknown: the union of every route's input is too large for the checker to narrow (TS2590).
  const given = ((input as unknown) ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const target = callTarget(route, given);
  const method = target.method as Method;
  return request<AnswerOf<ApiRoutes[K]>>(target.url, {
    ...options,
    method,
    ...(method === "GET" || method === "DELETE" ? {} : { body: given.body ?? {} }),
  });
}
