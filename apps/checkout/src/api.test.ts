import type { ProviderTransaction } from "@portal/domain";
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import {
  ApiError,
  api,
  type Done,
  type Intention,
  isFinal,
  type KioskReference,
  newIdempotencyKey,
  type Payment,
} from "./api.ts";
import { outcomeOf } from "./outcome.ts";

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("checkout API client", () => {
  it("reads a payment with the token in the query", async () => {
    const fetch = answer(200, { amount_cents: 100 });
    vi.stubGlobal("fetch", fetch);
    await expect(api.payment("tok/en+1")).resolves.toEqual({ amount_cents: 100 });
    expect(fetch).toHaveBeenCalledWith(
      "/api/checkout/payment?payment_token=tok%2Fen%2B1",
      expect.objectContaining({ method: "GET", credentials: "omit" }),
    );
  });

  it("posts the card as JSON", async () => {
    const fetch = answer(200, { state: "challenge", challenge_id: "c", transaction_id: 1 });
    vi.stubGlobal("fetch", fetch);
    const body = {
      payment_token: "t",
      card_holder: "Test Account",
      pan: "5123456789012346",
      expiry_month: 1,
      expiry_year: 39,
      cvv: "123",
    };
    await api.card(body, "checkout-abc");
    const init = fetch.mock.calls[0]! as unknown as [string, RequestInit];
    expect(init[0]).toBe("/api/checkout/card");
    expect(init[1].method).toBe("POST");
    expect(init[1].headers).toEqual({
      "content-type": "application/json",
      "idempotency-key": "checkout-abc",
    });
    expect(JSON.parse(String(init[1].body))).toEqual(body);
  });

  it("starts a wallet payment through the public API's payments/pay contract", async () => {
    const fetch = answer(200, { id: 7, pending: true, redirect_url: "https://wallet.example/confirm" });
    vi.stubGlobal("fetch", fetch);
    const started = await api.walletStart("tok", "01010101010", "checkout-w");
    expect(started.redirect_url).toBe("https://wallet.example/confirm");
    const init = fetch.mock.calls[0]! as unknown as [string, RequestInit];
    expect(init[0]).toBe("/api/acceptance/payments/pay");
    expect(init[1].method).toBe("POST");
    expect(init[1].headers).toEqual({ "content-type": "application/json", "idempotency-key": "checkout-w" });
    expect(JSON.parse(String(init[1].body))).toEqual({
      source: { identifier: "01010101010", subtype: "WALLET" },
      payment_token: "tok",
    });
    // The answer is the provider's transaction object, typed by the contract.
    expectTypeOf(started).toEqualTypeOf<ProviderTransaction>();
  });

  it("types the answers from the contract, as the server answers them (checked by tsc -p apps/checkout)", () => {
    // The hand-written types said message and txn_response_code may be null and method.type may be missing; the
    // server always answers text for all three ("" when the acquirer gave no message).
    expectTypeOf<Done["transaction"]["message"]>().toEqualTypeOf<string>();
    expectTypeOf<Done["transaction"]["txn_response_code"]>().toEqualTypeOf<string>();
    expectTypeOf<Payment["method"]["type"]>().toEqualTypeOf<string>();
    expectTypeOf<Payment["exponent"]>().toEqualTypeOf<2 | 3>();
    expectTypeOf<Intention["state"]>().toEqualTypeOf<"open" | "paid" | "expired">();
    expectTypeOf<KioskReference["bill_reference"]>().toEqualTypeOf<string>();
    expectTypeOf<KioskReference["expires_at"]>().toEqualTypeOf<string>();
  });

  it("calls each checkout route by its contract's method and path", async () => {
    const fetch = answer(200, {
      bill_reference: "123",
      transaction_id: 9,
      expires_at: "2030-01-01T00:00:00Z",
    });
    vi.stubGlobal("fetch", fetch);
    await api.intention("egy_pk_test_1", "sec ret");
    await api.kiosk("t");
    await api.wallet({ payment_token: "t", transaction_id: "9", mpin: "1234", otp: "123456" });
    const calls = (fetch.mock.calls as unknown as [string, RequestInit][]).map(([url, init]) => [
      init.method,
      url,
    ]);
    expect(calls).toEqual([
      ["GET", "/api/checkout/intention?public_key=egy_pk_test_1&client_secret=sec+ret"],
      ["POST", "/api/checkout/kiosk"],
      ["POST", "/api/checkout/wallet"],
    ]);
  });

  it("makes a new random idempotency key each time", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^checkout-[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it("maps the contract's error codes", async () => {
    vi.stubGlobal("fetch", answer(404, { code: "invalid_token", detail: "x" }));
    expect((await failure(api.payment("t"))).kind).toBe("invalid_token");
    vi.stubGlobal("fetch", answer(410, { code: "expired" }));
    expect((await failure(api.payment("t"))).kind).toBe("expired");
    vi.stubGlobal("fetch", answer(409, { code: "attempts_exhausted" }));
    expect((await failure(api.kiosk("t"))).kind).toBe("attempts_exhausted");
    // Another submission of the same link holds it: retryable, not final.
    vi.stubGlobal("fetch", answer(409, { code: "payment_in_progress" }));
    const busy = await failure(api.kiosk("t"));
    expect(busy.kind).toBe("in_progress");
    expect(isFinal(busy)).toBe(false);
    vi.stubGlobal("fetch", answer(400, { code: "invalid", fields: { pan: ["bad"] } }));
    const invalid = await failure(api.kiosk("t"));
    expect(invalid.kind).toBe("invalid");
    expect(invalid.fields).toEqual({ pan: ["bad"] });
    // A body that does not match the route's contract: the server's one validation code.
    vi.stubGlobal(
      "fetch",
      answer(400, { code: "validation", fields: { payment_token: ["Not a valid string."] } }),
    );
    expect((await failure(api.kiosk("t"))).kind).toBe("invalid");
  });

  it("falls back on the status when the body has no code", async () => {
    vi.stubGlobal("fetch", answer(404, undefined));
    expect((await failure(api.payment("t"))).kind).toBe("invalid_token");
    vi.stubGlobal("fetch", answer(429, { message: "slow down" }));
    expect((await failure(api.payment("t"))).kind).toBe("rate_limited");
    vi.stubGlobal("fetch", answer(500, { message: "boom" }));
    expect((await failure(api.payment("t"))).kind).toBe("server");
  });

  it("reports a network failure as such", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await failure(api.payment("t"));
    expect(error.kind).toBe("network");
    expect(error.status).toBe(0);
  });
});

describe("outcomeOf", () => {
  const done = (success: boolean, pending: boolean) => ({
    state: "done" as const,
    transaction: { id: 1, success, pending, message: "", txn_response_code: "" },
    redirect_url: null,
  });
  it("tells success, decline and pending apart", () => {
    expect(outcomeOf(done(true, false))).toBe("success");
    expect(outcomeOf(done(false, false))).toBe("declined");
    expect(outcomeOf(done(false, true))).toBe("pending");
  });
});
