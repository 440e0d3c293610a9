import { scenarioOfCard } from "@portal/domain/scenarios";
import type { Acquirer, AcquirerResult, CardPayment, CardRef, DisputeRule } from "./acquirer.ts";

/**
 * The deterministic acquirer simulator. Outcomes follow from the card (first 6 and last 4 digits, so saved
 * cards behave like the card they were saved from), the wallet number and the one-time codes, never from
 * chance. The cards and wallets are listed in docs/payments.md. The sandbox scenarios' cards (@portal/domain
 * SCENARIOS, payments/scenarios.ts) that are not among TEST_CARDS answer their scenario's outcome in test mode
 * and are declined like unknown cards in live mode.
 */

export const SIMULATOR_OTP = "123456";
export const SANDBOX_WALLET = "01010101010";
export const SANDBOX_WALLET_MPIN = "123456";

export type WalletBehaviour = "success" | "insufficient_funds" | "pending";

/**
 * The test wallets (docs/payments.md): each confirms with MPIN 123456 and OTP 123456, then approves, declines for
 * insufficient funds or stays pending, so every outcome of a wallet or QR payment can be reached.
 */
export const TEST_WALLETS: Record<string, WalletBehaviour> = {
  [SANDBOX_WALLET]: "success",
  "01000000002": "insufficient_funds",
  "01000000259": "pending",
};

export function walletBehaviour(msisdn: string): WalletBehaviour | undefined {
  return TEST_WALLETS[msisdn.replace(/\D/g, "")];
}
/** The simulated time a timeout card waits before the acquirer gives up (virtual: nothing sleeps). */
export const TIMEOUT_VIRTUAL_WAIT_MS = 60_000;

export type CardBehaviour =
  | "success"
  | "insufficient_funds"
  | "challenge"
  | "3ds_failure"
  | "pending"
  | "timeout";

/** The test cards by first 6 + last 4 digits. */
export const TEST_CARDS: Record<string, { pan: string; behaviour: CardBehaviour }> = {
  "5123452346": { pan: "5123456789012346", behaviour: "success" },
  "5123450008": { pan: "5123450000000008", behaviour: "success" },
  "4111111111": { pan: "4111111111111111", behaviour: "success" },
  "4000000002": { pan: "4000000000000002", behaviour: "insufficient_funds" },
  "4000003220": { pan: "4000000000003220", behaviour: "challenge" },
  "4000003063": { pan: "4000000000003063", behaviour: "3ds_failure" },
  "4000000259": { pan: "4000000000000259", behaviour: "pending" },
  "4000000119": { pan: "4000000000000119", behaviour: "timeout" },
  // Approved, then disputed (DISPUTE_CARDS below).
  "4000001976": { pan: "4000000000001976", behaviour: "success" },
  "4000002685": { pan: "4000000000002685", behaviour: "success" },
};

/** Days after an approved payment with a dispute card that the simulator opens its dispute. */
export const SIMULATOR_DISPUTE_AFTER_DAYS = 2;

/**
 * The dispute cards (docs/payments.md): approved like any success card, then disputed by the cardholder
 * SIMULATOR_DISPUTE_AFTER_DAYS days later (chargebacks/disputes.ts opens the chargeback). Evidence wins the
 * dispute for the first card and loses it for the second; accepting or letting the deadline pass loses it.
 */
export const DISPUTE_CARDS: readonly DisputeRule[] = [
  {
    first6: "400000",
    last4: "1976",
    reason: "Fraud: the cardholder does not recognise the payment",
    afterDays: SIMULATOR_DISPUTE_AFTER_DAYS,
    evidenceWins: true,
  },
  {
    first6: "400000",
    last4: "2685",
    reason: "Product not received",
    afterDays: SIMULATOR_DISPUTE_AFTER_DAYS,
    evidenceWins: false,
  },
];

/** Unknown cards are declined: the simulator only knows its documented cards. */
export function cardBehaviour(card: CardRef): CardBehaviour | "unknown" {
  return TEST_CARDS[card.first6 + card.last4]?.behaviour ?? "unknown";
}

function approved(threeDSecure: boolean, reference: string): AcquirerResult {
  return {
    outcome: "approved",
    message: "Approved",
    txnResponseCode: "APPROVED",
    acqResponseCode: "00",
    threeDSecure,
    reference,
  };
}

function declined(message: string, txnResponseCode: string, acqResponseCode: string, threeDSecure = false) {
  return { outcome: "declined", message, txnResponseCode, acqResponseCode, threeDSecure } as AcquirerResult;
}

export const AUTH_FAILED_MESSAGE = "3-D Secure authentication failed";

let sequence = 0;
/** A reference the simulator answers; unique within a process and readable in support tickets. */
function reference(prefix: string): string {
  sequence = (sequence + 1) % 1_000_000;
  return `SIM-${prefix}-${Date.now().toString(36)}-${sequence}`;
}

/** The simulated time the 3-D Secure abandoned card waits for the cardholder before it is declined. */
export const ABANDONED_VIRTUAL_WAIT_MS = 600_000;

/** A scenario card's answer (one not among TEST_CARDS); undefined for other cards. */
function scenarioOutcome(card: CardRef, threeDSecure: boolean, isLive: boolean): AcquirerResult | undefined {
  if (TEST_CARDS[card.first6 + card.last4]) return undefined;
  const scenario = scenarioOfCard(card.first6, card.last4);
  if (!scenario) return undefined;
  // Live mode never accepts a scenario: the card is one the simulator does not know.
  if (isLive) return declined("Do not honour", "DECLINED", "05", threeDSecure);
  switch (scenario.outcome) {
    case "approved":
      return approved(threeDSecure, reference("AUTH"));
    case "pending":
      return {
        outcome: "pending",
        message: scenario.message,
        txnResponseCode: scenario.txnResponseCode,
        acqResponseCode: scenario.acqResponseCode,
        threeDSecure,
        reference: reference("AUTH"),
      };
    default: {
      const answer = declined(
        scenario.message,
        scenario.txnResponseCode,
        scenario.acqResponseCode,
        threeDSecure || scenario.name === "3ds_abandoned",
      );
      return scenario.name === "3ds_abandoned"
        ? { ...answer, data: { simulated_wait_ms: ABANDONED_VIRTUAL_WAIT_MS } }
        : answer;
    }
  }
}

function cardOutcome(
  card: CardRef,
  threeDSecure: boolean,
  afterChallenge: boolean,
  isLive = false,
): AcquirerResult {
  const scenario = scenarioOutcome(card, threeDSecure, isLive);
  if (scenario) return scenario;
  const behaviour = cardBehaviour(card);
  switch (behaviour) {
    case "success":
      return approved(threeDSecure, reference("AUTH"));
    case "insufficient_funds":
      return declined("Insufficient funds", "DECLINED", "51", threeDSecure);
    case "challenge":
      if (!threeDSecure) return approved(false, reference("AUTH"));
      if (afterChallenge) return approved(true, reference("AUTH"));
      return {
        outcome: "challenge",
        message: "3-D Secure authentication required",
        txnResponseCode: "PENDING_AUTHENTICATION",
        acqResponseCode: "",
        threeDSecure: true,
      };
    case "3ds_failure":
      if (!threeDSecure) return declined("Do not honour", "DECLINED", "05");
      return declined(AUTH_FAILED_MESSAGE, "AUTHENTICATION_FAILED", "", true);
    case "pending":
      return {
        outcome: "pending",
        message: "Pending",
        txnResponseCode: "PENDING",
        acqResponseCode: "",
        threeDSecure,
        reference: reference("AUTH"),
      };
    case "timeout":
      return {
        ...declined("Transaction timed out", "TIMEOUT", "91", threeDSecure),
        data: { simulated_wait_ms: TIMEOUT_VIRTUAL_WAIT_MS },
      };
    default:
      return declined("Do not honour", "DECLINED", "05", threeDSecure);
  }
}

export class SimulatorAcquirer implements Acquirer {
  readonly name = "simulator";

  disputeRules(): readonly DisputeRule[] {
    return DISPUTE_CARDS;
  }

  async payCard(request: CardPayment): Promise<AcquirerResult> {
    return cardOutcome(request.card, request.threeDSecure, false, request.isLive);
  }

  async completeChallenge(request: { card: CardRef; otp: string }): Promise<AcquirerResult> {
    if (request.otp.trim() !== SIMULATOR_OTP)
      return declined(AUTH_FAILED_MESSAGE, "AUTHENTICATION_FAILED", "", true);
    return cardOutcome(request.card, true, true);
  }

  async payToken(request: { card: CardRef }): Promise<AcquirerResult> {
    // Merchant-initiated: no cardholder to challenge, so a 3-D Secure card simply goes through.
    const behaviour = cardBehaviour(request.card);
    if (behaviour === "challenge" || behaviour === "3ds_failure") return approved(false, reference("AUTH"));
    return cardOutcome(request.card, false, false);
  }

  async startWallet(request: { msisdn: string }): Promise<AcquirerResult> {
    if (!walletBehaviour(request.msisdn)) return declined("Wallet not registered", "DECLINED", "14");
    return {
      outcome: "pending",
      message: "Pending wallet confirmation",
      txnResponseCode: "PENDING",
      acqResponseCode: "",
      threeDSecure: false,
      reference: reference("WALLET"),
    };
  }

  async confirmWallet(request: { msisdn: string; mpin: string; otp: string }): Promise<AcquirerResult> {
    const behaviour = walletBehaviour(request.msisdn);
    if (!behaviour) return declined("Wallet not registered", "DECLINED", "14");
    if (request.mpin.trim() !== SANDBOX_WALLET_MPIN) return declined("Wrong MPIN", "DECLINED", "55");
    if (request.otp.trim() !== SIMULATOR_OTP) return declined("Wrong OTP", "DECLINED", "55");
    if (behaviour === "insufficient_funds") return declined("Insufficient funds", "DECLINED", "51");
    if (behaviour === "pending")
      return {
        outcome: "pending",
        message: "Pending",
        txnResponseCode: "PENDING",
        acqResponseCode: "",
        threeDSecure: false,
        reference: reference("WALLET"),
      };
    // The sandbox wallet reports its response code as 200, as the published sandbox does.
    return { ...approved(false, reference("WALLET")), txnResponseCode: "200" };
  }

  async issueKioskBill(request: { transactionId: number }): Promise<{ billReference: string }> {
    // Derived from the transaction id: unique, stable and never random; nine digits keep it apart from the
    // eight-digit references of the demo data.
    return { billReference: String(900_000_000 + request.transactionId) };
  }

  async capture(): Promise<AcquirerResult> {
    return approved(false, reference("CAPTURE"));
  }

  async refund(): Promise<AcquirerResult> {
    return approved(false, reference("REFUND"));
  }

  async void(): Promise<AcquirerResult> {
    return approved(false, reference("VOID"));
  }
}
