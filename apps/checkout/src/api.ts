/**
 * The checkout JSON API of the hosted-checkout contract (docs/payments.md): the payment token or the intention's client
 * secret is the only credential. Every failure becomes an ApiError with a kind the pages know how to show.
 */

export interface Merchant {
  name: string;
  logo_url: string | null;
}

export interface InstallmentPlan {
  months: number;
  monthly_amount_cents: number;
  fees_cents: number;
}

export interface PaymentMethod {
  integration_id: number;
  gateway_type: string;
  type?: string;
  name: string;
}

export interface Billing {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

export interface Payment {
  merchant: Merchant;
  amount_cents: number;
  currency: string;
  exponent: number;
  order_id: number;
  merchant_order_id: string | null;
  method: PaymentMethod;
  installment_plans?: InstallmentPlan[];
  billing: Billing;
  redirection_url: string | null;
  is_live: boolean;
  state: "open" | "paid" | "expired";
  attempts_left: number;
}

export interface Intention {
  merchant: Merchant;
  amount_cents: number;
  currency: string;
  exponent: number;
  intention_id: string;
  billing: Billing;
  state: string;
  is_live?: boolean;
  methods: (PaymentMethod & { payment_token: string })[];
}

export interface Transaction {
  id: number;
  success: boolean;
  pending: boolean;
  message: string | null;
  txn_response_code: string | null;
}

export interface Done {
  state: "done";
  transaction: Transaction;
  redirect_url: string | null;
}

export interface Challenge {
  state: "challenge";
  challenge_id: string;
  transaction_id: number;
}

export interface CardPayment {
  payment_token: string;
  card_holder: string;
  pan: string;
  expiry_month: number;
  expiry_year: number;
  cvv: string;
  installment_months?: number;
}

export interface KioskReference {
  bill_reference: string | number;
  transaction_id: number;
  expires_at: string | null;
}

export interface WalletStart {
  id: number;
  pending: boolean;
  redirect_url: string | null;
  iframe_redirection_url?: string | null;
}

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
  ) {
    super(`checkout API: ${kind} (${status})`);
    this.name = "ApiError";
  }
}

const KNOWN_CODES: Record<string, ApiErrorKind> = {
  invalid_token: "invalid_token",
  expired: "expired",
  invalid: "invalid",
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

async function call<T>(path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
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
  throw new ApiError(kind, response.status, problem.fields ?? {});
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const api = {
  payment: (token: string) => call<Payment>(`/api/checkout/payment?${q({ payment_token: token })}`),
  intention: (publicKey: string, clientSecret: string) =>
    call<Intention>(`/api/checkout/intention?${q({ public_key: publicKey, client_secret: clientSecret })}`),
  card: (body: CardPayment, idempotencyKey?: string) =>
    call<Done | Challenge>("/api/checkout/card", body, idempotencyKey),
  threeDs: (body: { payment_token: string; challenge_id: string; otp: string }) =>
    call<Done>("/api/checkout/3ds", body),
  walletStart: (token: string, phone: string, idempotencyKey?: string) =>
    call<WalletStart>(
      "/api/acceptance/payments/pay",
      { source: { identifier: phone, subtype: "WALLET" }, payment_token: token },
      idempotencyKey,
    ),
  wallet: (body: { payment_token: string; transaction_id: string; mpin: string; otp: string }) =>
    call<Done>("/api/checkout/wallet", body),
  kiosk: (token: string) => call<KioskReference>("/api/checkout/kiosk", { payment_token: token }),
};
