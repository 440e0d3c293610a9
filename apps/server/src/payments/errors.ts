/**
 * An answer other than success from the payment core, with the exact body to send. The public API answers
 * the provider's shapes ({"detail": ...}, {"message": ...}, {"field": ["..."]}); the checkout and dashboard
 * routes answer {detail, code, fields}. Services throw it; each route scope's error handler sends it.
 */
export class PaymentError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === "string" ? body.detail : `payment error ${statusCode}`);
    this.name = "PaymentError";
  }
}

export function paymentError(
  statusCode: number,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
): PaymentError {
  return new PaymentError(statusCode, { detail, code, ...extra });
}

export const NOT_FOUND = "Not found.";

export function notFound(detail = NOT_FOUND): PaymentError {
  return paymentError(404, "not_found", detail);
}

/** The DRF-style field error the provider answers: 400 {"field": ["message"]}. */
export function fieldError(field: string, message: string): PaymentError {
  return new PaymentError(400, { [field]: [message] });
}
