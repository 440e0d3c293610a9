/** The label key (reports.methods.*) of a gateway_type; unknown types are shown as they are. */
const METHOD_KEYS: Record<string, string> = {
  VPC: "card",
  CARDS: "card",
  UIG: "wallet",
  MPAY: "wallet",
  CAGG: "kiosk",
  aggregator: "kiosk",
  CASH: "cash",
  VALU: "valu",
  INSTALLMENT: "installments",
  installments: "installments",
  PREMIUM: "premium",
  card_present: "pos",
  omannet: "omannet",
  PAYPAL: "paypal",
};

export function methodKey(gatewayType: string): string | undefined {
  return METHOD_KEYS[gatewayType];
}
