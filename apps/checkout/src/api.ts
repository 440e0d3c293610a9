import type { AnswerOf, ApiRoutes, CallInput, checkoutApi, RouteContract } from "@portal/domain";
import { callTarget } from "@portal/domain/paths";

/**
 * The checkout JSON API of the hosted-checkout contract (packages/domain/src/api/checkout.ts, docs/payments.md):
 * the payment token or the intention's client secret is the only credential. Its answers are typed from the
 * contract, which this file imports as types only (no schema reaches the bundle). Every failure becomes an
 * ApiError with a kind the pages know how to show.
 */

export type Payment = AnswerOf<typeof checkoutApi.payment>;
export type Merchant = Payment["merchant"];
export type Intention = AnswerOf<typeof checkoutApi.intention>;
/** A payment's final answer: message and txn_response_code are always text ("" when the acquirer gave none). */
export type Done = AnswerOf<typeof checkoutApi.threeDs>;
export type Challenge = Extract<AnswerOf<typeof checkoutApi.card>, { state: "challenge" }>;
export type KioskReference = AnswerOf<typeof checkoutApi.kiosk>;
type BodyOf<C extends RouteContract> = CallInput<C>["body"];

export type ApiErrorKind =
  | "network"
  | "invalid_token"
  | "expired"
  | "invalid"
  | "attempts_exhausted"
  | "already_paid"
  | "rate_limited"
  | "in_progress"
  | "server";

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly fields: Record<string, string[]> = {},
    /** The answer's own error code, when it sent one (pages with their own messages read it). */
    readonly code: string | null = null,
  ) {
    super(`checkout API: ${kind} (${status})`);
    this.name = "ApiError";
  }
}

const KNOWN_CODES: Record<string, ApiErrorKind> = {
  invalid_token: "invalid_token",
  expired: "expired",
  invalid: "invalid",
  // A request that does not match its contract (the server's one validation code).
  validation: "invalid",
  attempts_exhausted: "attempts_exhausted",
  already_paid: "already_paid",
  rate_limited: "rate_limited",
  payment_in_progress: "in_progress",
  invalid_transaction: "invalid_token",
  method_not_supported: "invalid",
};

/** Failures after which the payment cannot go on from this page (the page shows why instead of the form). */
export function isFinal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.kind === "attempts_exhausted" ||
      error.kind === "already_paid" ||
      error.kind === "expired" ||
      error.kind === "invalid_token")
  );
}

/**
 * A fresh Idempotency-Key for one payment submission. Sending the same submission again after a lost answer
 * reuses it, so the server answers the first result instead of charging twice. (getRandomValues, unlike
 * randomUUID, also works on plain-http deployments.)
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** One request of the checkout: JSON in and out, no cookies; a failure becomes an ApiError. */
async function send<T>(method: string, url: string, body?: unknown, idempotencyKey?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers:
        body === undefined
          ? { accept: "application/json" }
          : {
              "content-type": "application/json",
              ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
            },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
    });
  } catch {
    throw new ApiError("network", 0);
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // an empty or non-JSON body: the status decides below
  }
  if (response.ok && json !== null) return json as T;
  const problem = (json ?? {}) as { code?: string; fields?: Record<string, string[]> };
  const kind =
    (problem.code && KNOWN_CODES[problem.code]) ||
    (response.status === 404
      ? "invalid_token"
      : response.status === 410
        ? "expired"
        : response.status === 409
          ? "attempts_exhausted"
          : response.status === 429
            ? "rate_limited"
            : response.status === 400
              ? "invalid"
              : "server");
  throw new ApiError(kind, response.status, problem.fields ?? {}, problem.code ?? null);
}

/**
 * Calls a route by its contract key, e.g. `call("GET /api/checkout/payment", { query: { payment_token } })`: the
 * query, body and answer are typed from the contract (ADR 0008), like the dashboard's client.
 */
export function call<K extends keyof ApiRoutes & string>(
  route: K,
  // biome-ignore lint/complexity/noBannedTypes: {} extends X is the test for "every field of X is optional"
  ...[input, idempotencyKey]: {} extends CallInput<ApiRoutes[K]>
    ? [input?: CallInput<ApiRoutes[K]>, idempotencyKey?: string]
    : [input: CallInput<ApiRoutes[K]>, idempotencyKey?: string]
): Promise<AnswerOf<ApiRoutes[K]>> {
  // Through unknown: the union of every route's input is too large for the checker to narrow (TS2590).
  const given = ((input as unknown) ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const { method, url } = callTarget(route, given);
  return send(method, url, method === "GET" ? undefined : (given.body ?? {}), idempotencyKey);
}

export const api = {
  payment: (token: string) => call("GET /api/checkout/payment", { query: { payment_token: token } }),
  intention: (publicKey: string, clientSecret: string) =>
    call("GET /api/checkout/intention", { query: { public_key: publicKey, client_secret: clientSecret } }),
  card: (body: BodyOf<typeof checkoutApi.card>, idempotencyKey?: string) =>
    call("POST /api/checkout/card", { body }, idempotencyKey),
  threeDs: (body: BodyOf<typeof checkoutApi.threeDs>) => call("POST /api/checkout/3ds", { body }),
  /**
   * The provider API's payments/pay starts the wallet payment; it answers the provider's transaction object
   * (packages/domain/src/api/public-api.ts), whose redirect_url is where the customer confirms.
   */
  walletStart: (token: string, phone: string, idempotencyKey?: string) =>
    call(
      "POST /api/acceptance/payments/pay",
      { body: { source: { identifier: phone, subtype: "WALLET" }, payment_token: token } },
      idempotencyKey,
    ),
  wallet: (body: BodyOf<typeof checkoutApi.wallet>) => call("POST /api/checkout/wallet", { body }),
  kiosk: (token: string) => call("POST /api/checkout/kiosk", { body: { payment_token: token } }),
};
