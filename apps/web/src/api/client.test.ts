import { callTarget } from "@portal/domain/paths";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  api,
  call,
  REQUEST_TIMEOUT_MS,
  rememberCsrfToken,
  request,
  setUnauthorizedHandler,
} from "./client.ts";
import { ApiError } from "./errors.ts";

type Call = { url: string; init: RequestInit };
let calls: Call[];

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? "" : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal("window", { location: { origin: "http://localhost", protocol: "http:" } });
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  rememberCsrfToken(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
  return err;
}

function fetchAnswering(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer(status, body);
    }),
  );
}

describe("request", () => {
  it("sends JSON with the cookies and the CSRF header on mutations only", async () => {
    fetchAnswering(200, { ok: true });
    rememberCsrfToken("csrf-1");
    await api.post("/api/x", { a: 1 });
    await api.get("/api/y");
    const [post, get] = calls as [Call, Call];
    const headers = (call: Call) => call.init.headers as Record<string, string>;
    expect(post.init.credentials).toBe("include");
    expect(get.init.credentials).toBe("include");
    expect(post.init.method).toBe("POST");
    expect(post.init.body).toBe('{"a":1}');
    expect(headers(post)["X-CSRF-Token"]).toBe("csrf-1");
    expect(headers(post)["Content-Type"]).toBe("application/json");
    expect(headers(get)["X-CSRF-Token"]).toBeUndefined();
  });

  it("turns an error answer into an ApiError with its code", async () => {
    fetchAnswering(400, { detail: "The old password entered is incorrect.", code: "wrong_old_password" });
    const err = await failure(request("/api/auth/change_password", { method: "POST", body: {} }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe("wrong_old_password");
    expect(err.handled).toBe(false);
  });

  it("hands a 401 to the session-expired handler unless the caller opts out", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchAnswering(401, {
      detail: "Your session has been expired please re-login.",
      code: "session_expired",
    });
    const err = await failure(api.get("/api/orders"));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(err.handled).toBe(true);
    const quiet = await failure(api.get("/api/auth/me", { handleUnauthorized: false }));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(quiet.handled).toBe(false);
  });

  it("gives up after 100000 ms with a timeout error", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      ),
    );
    const pending = failure(api.get("/api/slow"));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe("timeout");
    expect(REQUEST_TIMEOUT_MS).toBe(100_000);
  });

  it("reports an unreachable server as a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const err = await failure(api.get("/api/x"));
    expect(err.kind).toBe("network");
    expect(err.status).toBe(0);
  });
});

describe("call (typed by the contracts)", () => {
  it("takes method and path from the route key, fills params and query, and answers the body", async () => {
    fetchAnswering(200, { country: "EGY", mailbox: true, version: "1.1.5" });
    const config = await call("GET /api/config");
    expect(config.country).toBe("EGY");
    expect(calls[0]!.url).toBe("/api/config");
    expect(calls[0]!.init.method).toBe("GET");
    expect(calls[0]!.init.body).toBeUndefined();
  });
});

describe("callTarget", () => {
  it("encodes params, drops empty query values and repeats arrays", () => {
    expect(
      callTarget("PATCH /api/things/:id/parts/:part", {
        params: { id: 12, part: "a b/c" },
        query: { page: 2, q: "", none: undefined, tag: ["x", "y"] },
      }),
    ).toEqual({ method: "PATCH", url: "/api/things/12/parts/a%20b%2Fc?page=2&tag=x&tag=y" });
    expect(() => callTarget("GET /api/things/:id", {})).toThrow(/id/);
  });
});
