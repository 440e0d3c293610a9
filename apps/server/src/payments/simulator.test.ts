import { describe, expect, it } from "vitest";
import type { Acquirer } from "./acquirer.ts";
import { cardSubtype, checkCard, luhnValid } from "./card.ts";
import { AUTH_FAILED_MESSAGE, SANDBOX_WALLET, SimulatorAcquirer, TEST_CARDS } from "./simulator.ts";

const sim: Acquirer = new SimulatorAcquirer();
const NOW = new Date("2026-06-01T00:00:00Z");

function card(pan: string) {
  const checked = checkCard(
    { pan, expiry_month: 1, expiry_year: 39, cvv: "123", card_holder: "Test Account" },
    NOW,
  );
  if (!checked.ok) throw new Error(`invalid test card ${pan}`);
  return checked.card;
}

async function pay(pan: string, threeDSecure = true) {
  const c = card(pan);
  return sim.payCard({
    pan,
    card: c,
    amountCents: 1000,
    currency: "EGP",
    isLive: false,
    authOnly: false,
    threeDSecure,
  });
}

describe("card checks", () => {
  it("accepts every documented test card and knows its scheme", () => {
    for (const { pan } of Object.values(TEST_CARDS)) expect(luhnValid(pan)).toBe(true);
    expect(cardSubtype("5123456789012346")).toBe("MasterCard");
    expect(cardSubtype("4111111111111111")).toBe("Visa");
    expect(cardSubtype("2221000000000009")).toBe("MasterCard");
  });

  it("reports each wrong field", () => {
    const result = checkCard(
      { pan: "5123456789012345", expiry_month: 13, expiry_year: 39, cvv: "12", card_holder: " " },
      NOW,
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.fields).sort()).toEqual(["card_holder", "cvv", "expiry_month", "pan"]);
  });

  it("treats a card as valid through its expiry month, with 2- or 4-digit years and Arabic digits", () => {
    const base = { pan: "5123 4567 8901 2346", cvv: "١٢٣", card_holder: "Test Account" };
    expect(checkCard({ ...base, expiry_month: 6, expiry_year: 26 }, NOW).ok).toBe(true);
    expect(checkCard({ ...base, expiry_month: 5, expiry_year: 2026 }, NOW).ok).toBe(false);
    expect(checkCard({ ...base, expiry_month: "١", expiry_year: "٢٠٣٩" }, NOW).ok).toBe(true);
  });
});

describe("simulator outcomes", () => {
  it("approves the published sandbox cards without a challenge", async () => {
    for (const pan of ["5123456789012346", "5123450000000008", "4111111111111111"]) {
      const result = await pay(pan);
      expect(result).toMatchObject({ outcome: "approved", txnResponseCode: "APPROVED", message: "Approved" });
    }
  });

  it("declines, challenges, fails authentication, pends and times out as documented", async () => {
    expect(await pay("4000000000000002")).toMatchObject({
      outcome: "declined",
      message: "Insufficient funds",
    });
    expect(await pay("4000000000003220")).toMatchObject({ outcome: "challenge" });
    expect(await pay("4000000000003063")).toMatchObject({
      outcome: "declined",
      message: AUTH_FAILED_MESSAGE,
    });
    expect(await pay("4000000000000259")).toMatchObject({ outcome: "pending" });
    const timeout = await pay("4000000000000119");
    expect(timeout).toMatchObject({ outcome: "declined", message: "Transaction timed out" });
    expect(timeout.data?.simulated_wait_ms).toBeGreaterThan(0);
    expect(await pay("4242424242424242")).toMatchObject({ outcome: "declined" });
  });

  it("lets the challenge card through on the right code only", async () => {
    const c = card("4000000000003220");
    expect(await sim.completeChallenge({ card: c, otp: "123456", amountCents: 1 })).toMatchObject({
      outcome: "approved",
      threeDSecure: true,
    });
    expect(await sim.completeChallenge({ card: c, otp: "000000", amountCents: 1 })).toMatchObject({
      outcome: "declined",
      message: AUTH_FAILED_MESSAGE,
    });
  });

  it("gives the same answer for the same input every time", async () => {
    const a = await Promise.all(Object.values(TEST_CARDS).map(({ pan }) => pay(pan)));
    const b = await Promise.all(Object.values(TEST_CARDS).map(({ pan }) => pay(pan)));
    expect(a.map((r) => [r.outcome, r.message])).toEqual(b.map((r) => [r.outcome, r.message]));
  });

  it("runs the sandbox wallet with its MPIN and OTP", async () => {
    expect(await sim.startWallet({ msisdn: SANDBOX_WALLET, amountCents: 1, currency: "EGP" })).toMatchObject({
      outcome: "pending",
    });
    expect(await sim.startWallet({ msisdn: "01000000000", amountCents: 1, currency: "EGP" })).toMatchObject({
      outcome: "declined",
    });
    const ok = await sim.confirmWallet({
      msisdn: SANDBOX_WALLET,
      mpin: "123456",
      otp: "123456",
      amountCents: 1,
    });
    expect(ok).toMatchObject({ outcome: "approved", txnResponseCode: "200" });
    const wrong = await sim.confirmWallet({
      msisdn: SANDBOX_WALLET,
      mpin: "123456",
      otp: "1",
      amountCents: 1,
    });
    expect(wrong).toMatchObject({ outcome: "declined", message: "Wrong OTP" });
  });

  it("derives kiosk bill references from the transaction", async () => {
    expect(await sim.issueKioskBill({ transactionId: 42, amountCents: 1 })).toEqual({
      billReference: "900000042",
    });
  });
});
