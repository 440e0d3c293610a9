import type { Selectable } from "kysely";
import type {
  ChargebacksTable,
  ExportsTable,
  IntegrationsTable,
  MerchantsTable,
  OrdersTable,
  PaymentIntentionsTable,
  PaymentKeysTable,
  PaymentLinksTable,
  TransactionsTable,
} from "./schema.ts";

/** Rows as a select answers them (schema.ts holds the tables): the types services pass around. */

export type ExportRow = Selectable<ExportsTable>;
export type IntegrationRow = Selectable<IntegrationsTable>;
export type IntentionRow = Selectable<PaymentIntentionsTable>;
export type MerchantRow = Selectable<MerchantsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type PaymentKeyRow = Selectable<PaymentKeysTable>;
export type PaymentLinkRow = Selectable<PaymentLinksTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type ChargebackRow = Selectable<ChargebacksTable>;
