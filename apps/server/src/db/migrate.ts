import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_core.ts";
import * as m0002auth from "./migrations/0002_auth.ts";
import * as m0003payments from "./migrations/0003_payments.ts";
import * as m0005analytics from "./migrations/0005_analytics.ts";
import * as m0006analyticsDays from "./migrations/0006_analytics_days.ts";
import * as m0007workspace from "./migrations/0007_workspace.ts";
import * as m0008onboarding from "./migrations/0008_onboarding.ts";
import * as m0009totalsRollup from "./migrations/0009_totals_rollup.ts";
import * as m0010orderTotalsRollup from "./migrations/0010_order_totals_rollup.ts";
import * as m0011callbackOutbox from "./migrations/0011_callback_outbox.ts";
import * as m0012cheaperAnalyticsTriggers from "./migrations/0012_cheaper_analytics_triggers.ts";
import * as m0013paymentKeyLease from "./migrations/0013_payment_key_lease.ts";
import * as m0014unloggedRateLimits from "./migrations/0014_unlogged_rate_limits.ts";
import * as m0015boundTokensKeyedHashes from "./migrations/0015_bound_tokens_keyed_hashes.ts";
import * as m0016integrationFrameOrigins from "./migrations/0016_integration_frame_origins.ts";
import * as m0018orderPaidFromCaptures from "./migrations/0018_order_paid_from_captures.ts";
import * as m0020keyedRefundOtps from "./migrations/0020_keyed_refund_otps.ts";
import * as m0021oneOperationScope from "./migrations/0021_one_operation_scope.ts";
import * as m0022customerRollup from "./migrations/0022_customer_rollup.ts";
import * as m0023analyticsRebuild from "./migrations/0023_analytics_rebuild.ts";
import * as m0024invoicesSms from "./migrations/0024_invoices_sms.ts";
import * as m0025imagesAndPaymentLinks from "./migrations/0025_images_and_payment_links.ts";
import * as m0026products from "./migrations/0026_products.ts";
import * as m0027backofficeMerchants from "./migrations/0027_backoffice_merchants.ts";
import * as m0028transfers from "./migrations/0028_transfers.ts";
import * as m0029bulkInvoiceUploads from "./migrations/0029_bulk_invoice_uploads.ts";
import * as m0030reportsChargebacks from "./migrations/0030_reports_chargebacks.ts";
import * as m0031profileSettings from "./migrations/0031_profile_settings.ts";
import * as m0032staffUsers from "./migrations/0032_staff_users.ts";
import * as m0033customers from "./migrations/0033_customers.ts";
import * as m0034statements from "./migrations/0034_statements.ts";
import * as m0035checkoutCustomizations from "./migrations/0035_checkout_customizations.ts";
import * as m0036checkoutWalkthrough from "./migrations/0036_checkout_walkthrough.ts";
import * as m0037iframes from "./migrations/0037_iframes.ts";
import * as m0038serviceCredits from "./migrations/0038_service_credits.ts";
import * as m0039branchesTerminals from "./migrations/0039_branches_terminals.ts";
import * as m0040terminalReports from "./migrations/0040_terminal_reports.ts";
import * as m0041riskCenter from "./migrations/0041_risk_center.ts";
import * as m0042requestToPay from "./migrations/0042_request_to_pay.ts";
import * as m0043lending from "./migrations/0043_lending.ts";
import * as m0044transferBalance from "./migrations/0044_transfer_balance.ts";
import * as m0045cardQrApprovals from "./migrations/0045_card_qr_approvals.ts";
import * as m0045bBankMethodTotals from "./migrations/0045b_bank_method_totals.ts";
import * as m0046registration from "./migrations/0046_registration.ts";
import * as m0047activation from "./migrations/0047_activation.ts";
import * as m0048testClock from "./migrations/0048_test_clock.ts";
import * as m0049scenarioSettlements from "./migrations/0049_scenario_settlements.ts";
import * as m0050testHelpers from "./migrations/0050_test_helpers.ts";
import * as m0051terminalBranchesLenders from "./migrations/0051_terminal_branches_lenders.ts";
import * as m0052applicationSubmitted from "./migrations/0052_application_submitted.ts";
import * as m0053customerActivity from "./migrations/0053_customer_activity.ts";
import * as m0054paymentPathTrims from "./migrations/0054_payment_path_trims.ts";
import * as m0055customersRecountOneSnapshot from "./migrations/0055_customers_recount_one_snapshot.ts";

/** Migrations are listed here in order, so bundling or a changed working directory cannot lose one. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_core": m0001,
  "0002_auth": m0002auth,
  "0003_payments": m0003payments,
  "0005_analytics": m0005analytics,
  "0006_analytics_days": m0006analyticsDays,
  "0007_workspace": m0007workspace,
  "0008_onboarding": m0008onboarding,
  "0009_totals_rollup": m0009totalsRollup,
  "0010_order_totals_rollup": m0010orderTotalsRollup,
  "0011_callback_outbox": m0011callbackOutbox,
  "0012_cheaper_analytics_triggers": m0012cheaperAnalyticsTriggers,
  "0013_payment_key_lease": m0013paymentKeyLease,
  "0014_unlogged_rate_limits": m0014unloggedRateLimits,
  "0015_bound_tokens_keyed_hashes": m0015boundTokensKeyedHashes,
  "0016_integration_frame_origins": m0016integrationFrameOrigins,
  "0018_order_paid_from_captures": m0018orderPaidFromCaptures,
  "0020_keyed_refund_otps": m0020keyedRefundOtps,
  "0021_one_operation_scope": m0021oneOperationScope,
  "0022_customer_rollup": m0022customerRollup,
  "0023_analytics_rebuild": m0023analyticsRebuild,
  "0028_transfers": m0028transfers,
  "0024_invoices_sms": m0024invoicesSms,
  "0025_images_and_payment_links": m0025imagesAndPaymentLinks,
  "0026_products": m0026products,
  "0027_backoffice_merchants": m0027backofficeMerchants,
  "0029_bulk_invoice_uploads": m0029bulkInvoiceUploads,
  "0030_reports_chargebacks": m0030reportsChargebacks,
  "0033_customers": m0033customers,
  "0031_profile_settings": m0031profileSettings,
  "0037_iframes": m0037iframes,
  "0038_service_credits": m0038serviceCredits,
  "0043_lending": m0043lending,
  "0044_transfer_balance": m0044transferBalance,
  "0042_request_to_pay": m0042requestToPay,
  "0041_risk_center": m0041riskCenter,
  "0039_branches_terminals": m0039branchesTerminals,
  "0045_card_qr_approvals": m0045cardQrApprovals,
  "0045b_bank_method_totals": m0045bBankMethodTotals,
  "0035_checkout_customizations": m0035checkoutCustomizations,
  "0034_statements": m0034statements,
  "0032_staff_users": m0032staffUsers,
  "0036_checkout_walkthrough": m0036checkoutWalkthrough,
  "0040_terminal_reports": m0040terminalReports,
  "0046_registration": m0046registration,
  "0047_activation": m0047activation,
  "0048_test_clock": m0048testClock,
  "0049_scenario_settlements": m0049scenarioSettlements,
  "0050_test_helpers": m0050testHelpers,
  "0051_terminal_branches_lenders": m0051terminalBranchesLenders,
  "0052_application_submitted": m0052applicationSubmitted,
  "0053_customer_activity": m0053customerActivity,
  "0054_payment_path_trims": m0054paymentPathTrims,
  "0055_customers_recount_one_snapshot": m0055customersRecountOneSnapshot,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before any table type holds.
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
