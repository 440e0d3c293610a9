/**
 * Which payment sources an integration's gateway takes. Card gateways run the hosted card form (valU and
 * bank installments too, with a plan choice); wallet, kiosk and cash gateways go through payments/pay.
 */
const CARD = new Set([
  "VPC",
  "CARDS",
  "MIGS",
  "PREMIUM",
  "INSTALLMENT",
  "installments",
  "VALU",
  "GET_GO",
  "Shahry_online",
  "omannet",
]);
const WALLET = new Set(["UIG", "MPAY", "PAYPAL"]);
const KIOSK = new Set(["CAGG", "aggregator"]);
const CASH = new Set(["CASH"]);
const INSTALLMENT = new Set(["INSTALLMENT", "installments", "VALU", "GET_GO", "Shahry_online"]);

export type PaymentSourceKind = "card" | "wallet" | "kiosk" | "cash";

export function sourceKindOf(integration: { gateway_type: string; type: string }): PaymentSourceKind {
  if (WALLET.has(integration.gateway_type) || integration.type === "vodafone") return "wallet";
  if (KIOSK.has(integration.gateway_type)) return "kiosk";
  if (CASH.has(integration.gateway_type) || integration.type === "cash") return "cash";
  return "card";
}

export function takesCards(integration: { gateway_type: string; type: string }): boolean {
  return (
    sourceKindOf(integration) === "card" &&
    (CARD.has(integration.gateway_type) || integration.type === "moto")
  );
}

export function isInstallmentIntegration(integration: { gateway_type: string; type: string }): boolean {
  return INSTALLMENT.has(integration.gateway_type) || integration.type === "installments";
}

/** Moto integrations take cards without the cardholder present, so without 3-D Secure. */
export function authenticatesCardholder(integration: { type: string }): boolean {
  return integration.type !== "moto";
}

/** Plans offered for installment and valU integrations; fees are a flat 5% of the amount per plan (simulated). */
export const INSTALLMENT_MONTHS = [3, 6, 9, 12] as const;

export function installmentPlans(amountCents: number) {
  return INSTALLMENT_MONTHS.map((months) => {
    const fees = Math.round((amountCents * 5) / 100);
    return { months, monthly_amount_cents: Math.ceil((amountCents + fees) / months), fees_cents: fees };
  });
}

/** The method name the checkout and intentions show. */
export function methodName(integration: { gateway_type: string; type: string; name: string }): string {
  const kind = sourceKindOf(integration);
  if (kind === "wallet") return "wallet";
  if (kind === "kiosk") return "kiosk";
  if (kind === "cash") return "cash";
  if (integration.gateway_type === "VALU") return "valu";
  if (isInstallmentIntegration(integration)) return "installments";
  return "card";
}
