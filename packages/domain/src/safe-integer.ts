/**
 * Integer guards for money arithmetic. Amounts are integer minor units held in a JavaScript number, so every
 * result must stay a safe integer; anything else would silently lose cents, hence the throws.
 */
export class UnsafeIntegerError extends RangeError {
  constructor(what: string, value: unknown) {
    super(`${what} must be a safe integer, got ${String(value)}`);
    this.name = "UnsafeIntegerError";
  }
}

export function assertSafeInteger(value: number, what = "amount"): number {
  if (!Number.isSafeInteger(value)) throw new UnsafeIntegerError(what, value);
  return value;
}

export function safeAdd(a: number, b: number): number {
  assertSafeInteger(a);
  assertSafeInteger(b);
  return assertSafeInteger(a + b, "sum");
}

export function safeSubtract(a: number, b: number): number {
  assertSafeInteger(a);
  assertSafeInteger(b);
  return assertSafeInteger(a - b, "difference");
}
