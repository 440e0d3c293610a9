import type { PaymentTransaction } from "./payment-transaction.ts";

/** Test fixtures for the money rules (imported by tests only; not exported from the package). */
export function sale(overrides: Partial<PaymentTransaction> = {}): PaymentTransaction {
  return {
    amount: 10_000,
    success: true,
    pending: false,
    isAuth: false,
    capturedAmount: 0,
    refundedAmount: 0,
    isVoided: false,
    convenienceFee: 0,
    gatewayType: "VPC",
    sourceType: "card",
    createdAt: new Date("2024-06-13T09:00:00Z"),
    country: "EGY",
    ...overrides,
  };
}

export function auth(overrides: Partial<PaymentTransaction> = {}): PaymentTransaction {
  return sale({ isAuth: true, ...overrides });
}
