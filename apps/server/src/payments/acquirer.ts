/**
 * What the payment core asks of an acquirer. The simulator (simulator.ts) implements it deterministically; a
 * connector to a real acquirer or gateway implements the same calls. Card numbers never pass this boundary
 * after the first authorisation: later operations use the acquirer's own reference.
 */

/** A card as the core keeps it: never the full number beyond the first call, never the CVV. */
export interface CardRef {
  first6: string;
  last4: string;
  subtype: string;
}

export type AcquirerOutcome = "approved" | "declined" | "pending" | "challenge";

export interface AcquirerResult {
  outcome: AcquirerOutcome;
  /** The provider's data.message ("Approved", "Insufficient funds", ...). */
  message: string;
  /** data.txn_response_code ("APPROVED", "DECLINED", ...). */
  txnResponseCode: string;
  /** data.acq_response_code (ISO 8583 style: "00" approved). */
  acqResponseCode: string;
  /** The cardholder was authenticated with 3-D Secure (frictionless or by challenge). */
  threeDSecure: boolean;
  /** The acquirer's reference for later capture, refund or void. */
  reference?: string;
  /** Further facts kept in the transaction's data (for example the simulator's virtual wait). */
  data?: Record<string, unknown>;
}

export interface CardPayment {
  /** Only the authorisation call sees the full number; it is not stored. */
  pan: string;
  card: CardRef;
  amountCents: number;
  currency: string;
  isLive: boolean;
  /** Hold the amount for a later capture instead of a sale. */
  authOnly: boolean;
  /** The integration authenticates cardholders (3-D Secure); moto integrations do not. */
  threeDSecure: boolean;
}

/**
 * A dispute the acquirer opens on approved card payments of one card (first 6 and last 4 digits), `afterDays`
 * after the payment; `evidenceWins` is how it decides once the merchant answered with evidence. The chargebacks
 * job (chargebacks/disputes.ts) applies the rules; a connector to a real acquirer reports its disputes instead.
 */
export interface DisputeRule {
  first6: string;
  last4: string;
  reason: string;
  afterDays: number;
  evidenceWins: boolean;
}

export interface Acquirer {
  readonly name: string;
  /** The disputes this acquirer opens (the simulator's dispute cards); none when absent. */
  disputeRules?(): readonly DisputeRule[];
  payCard(request: CardPayment): Promise<AcquirerResult>;
  /** Finishes a payment that answered "challenge", with the one-time code the cardholder typed. */
  completeChallenge(request: { card: CardRef; otp: string; amountCents: number }): Promise<AcquirerResult>;
  /** A merchant-initiated payment with a saved card (no cardholder present, no 3-D Secure). */
  payToken(request: {
    card: CardRef;
    amountCents: number;
    currency: string;
    authOnly: boolean;
  }): Promise<AcquirerResult>;
  /** Starts a mobile-wallet payment: "pending" until the customer confirms, or "declined". */
  startWallet(request: { msisdn: string; amountCents: number; currency: string }): Promise<AcquirerResult>;
  confirmWallet(request: {
    msisdn: string;
    mpin: string;
    otp: string;
    amountCents: number;
  }): Promise<AcquirerResult>;
  /** A reference the customer pays at a kiosk later. */
  issueKioskBill(request: { transactionId: number; amountCents: number }): Promise<{ billReference: string }>;
  capture(request: { reference: string; amountCents: number }): Promise<AcquirerResult>;
  refund(request: { reference: string; amountCents: number }): Promise<AcquirerResult>;
  void(request: { reference: string }): Promise<AcquirerResult>;
}
