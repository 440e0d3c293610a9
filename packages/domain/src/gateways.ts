/**
 * Gateway types and integration types (merchant-dashboard.md and back-office.md section 9). The gateway type
 * says how an integration takes money; the integration type is the coarser family shown in lists.
 */
export const GATEWAY_TYPES = [
  "VPC",
  "CARDS",
  "CASH",
  "UIG",
  "CAGG",
  "PREMIUM",
  "VALU",
  "MPAY",
  "PAYPAL",
  "GET_GO",
  "INSTALLMENT",
  "card_present",
  "installments",
  "aggregator",
  "Shahry_online",
  "omannet",
] as const;
export type GatewayType = (typeof GATEWAY_TYPES)[number];

export const INTEGRATION_TYPES = [
  "online",
  "moto",
  "cash",
  "vodafone",
  "card_present",
  "installments",
] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** Payment-link methods offered on the create form (spec section 9). */
export const PAYMENT_LINK_METHODS = ["Online Card", "Kiosk", "Installments", "valU"] as const;

export function isGatewayType(value: unknown): value is GatewayType {
  return typeof value === "string" && (GATEWAY_TYPES as readonly string[]).includes(value);
}

/** How a payment was made, from its integration's gateway type and/or its source_data.type. */
export interface PaymentMethodFacts {
  gatewayType?: string | null;
  sourceType?: string | null;
}

/** Kiosk (aggregator) payments: gateway CAGG or aggregator, or source AGGREGATOR. They cannot be refunded. */
export function isKioskPayment({ gatewayType, sourceType }: PaymentMethodFacts): boolean {
  return (
    gatewayType === "CAGG" ||
    gatewayType?.toLowerCase() === "aggregator" ||
    sourceType?.toLowerCase() === "aggregator"
  );
}

/** Card payments: source type card, or an online-card or card-present gateway. Only these can be voided. */
export function isCardPayment({ gatewayType, sourceType }: PaymentMethodFacts): boolean {
  return (
    sourceType?.toLowerCase() === "card" ||
    gatewayType === "VPC" ||
    gatewayType === "CARDS" ||
    gatewayType === "card_present"
  );
}
