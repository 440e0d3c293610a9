import type { RouteContract, RouteTable } from "../contract.ts";
import { activationApi } from "./activation.ts";
import { analyticsApi } from "./analytics.ts";
import { authApi, mailboxApi } from "./auth.ts";
import { bankApi } from "./bank.ts";
import { bulkInvoicesApi } from "./bulk-invoices.ts";
import { callbacksApi } from "./callbacks.ts";
import { chargebacksApi } from "./chargebacks.ts";
import { checkoutApi, simulatorApi } from "./checkout.ts";
import { checkoutCustomizationApi } from "./checkout-customization.ts";
import { configApi } from "./config.ts";
import { customersApi } from "./customers.ts";
import { exportsApi } from "./exports.ts";
import { iframesApi } from "./iframes.ts";
import { imagesApi } from "./images.ts";
import { integrationsApi } from "./integrations.ts";
import { invoicesApi } from "./invoices.ts";
import { keysApi } from "./keys.ts";
import { lendersApi } from "./lenders.ts";
import { lendingApi } from "./lending.ts";
import { merchantsApi } from "./merchants.ts";
import { onboardingApi } from "./onboarding.ts";
import { ordersApi } from "./orders.ts";
import { customerLinkApi, paymentLinksApi } from "./payment-links.ts";
import { branchesApi, terminalApi, terminalsApi } from "./pos.ts";
import { productsApi } from "./products.ts";
import { profileApi } from "./profile.ts";
import { publicApi } from "./public-api.ts";
import { intentionApi } from "./public-api-intentions.ts";
import { paymentLinkApi } from "./public-api-links.ts";
import { qrPaymentApi } from "./qr-payment.ts";
import { registrationApi } from "./registration.ts";
import { reportsApi } from "./reports.ts";
import { customerRequestApi, requestToPayApi } from "./request-to-pay.ts";
import { riskApi } from "./risk.ts";
import { serviceCreditApi } from "./service-credit.ts";
import { smsBoxApi } from "./sms.ts";
import { statementsApi } from "./statements.ts";
import { terminalReportsApi } from "./terminal-reports.ts";
import { testClockApi } from "./test-clock.ts";
import { testHelpersApi, testHelpersPublicApi } from "./test-helpers.ts";
import { transactionsApi } from "./transactions.ts";
import { transfersApi } from "./transfers.ts";
import { usersApi } from "./users.ts";
import { walkthroughApi } from "./walkthrough.ts";

/**
 * Every HTTP route of the portal by feature: the dashboard API, the checkout API and the provider-compatible
 * public API. The server registers each one (apps/server/src/http/contract-routes.ts); a test fails when a route
 * has no contract here or a contract has no route.
 */
export const API = {
  activation: activationApi,
  analytics: analyticsApi,
  bank: bankApi,
  branches: branchesApi,
  bulkInvoices: bulkInvoicesApi,
  auth: authApi,
  callbacks: callbacksApi,
  chargebacks: chargebacksApi,
  customers: customersApi,
  checkout: checkoutApi,
  checkoutCustomization: checkoutCustomizationApi,
  config: configApi,
  exports: exportsApi,
  iframes: iframesApi,
  images: imagesApi,
  integrations: integrationsApi,
  invoices: invoicesApi,
  keys: keysApi,
  lenders: lendersApi,
  lending: lendingApi,
  mailbox: mailboxApi,
  merchants: merchantsApi,
  onboarding: onboardingApi,
  orders: ordersApi,
  paymentLinks: paymentLinksApi,
  customerLinks: customerLinkApi,
  products: productsApi,
  profile: profileApi,
  publicApi,
  publicApiIntentions: intentionApi,
  publicApiLinks: paymentLinkApi,
  qrPayment: qrPaymentApi,
  registration: registrationApi,
  reports: reportsApi,
  risk: riskApi,
  requestToPay: requestToPayApi,
  customerRequests: customerRequestApi,
  simulator: simulatorApi,
  smsBox: smsBoxApi,
  terminal: terminalApi,
  terminals: terminalsApi,
  serviceCredit: serviceCreditApi,
  statements: statementsApi,
  terminalReports: terminalReportsApi,
  testHelpers: testHelpersApi,
  testHelpersPublic: testHelpersPublicApi,
  testClock: testClockApi,
  transactions: transactionsApi,
  transfers: transfersApi,
  users: usersApi,
  walkthrough: walkthroughApi,
} as const;

/** The routes by their `METHOD /path` key, for the typed clients (import this type only). */
// The public test helpers are called by merchants' servers, never by the dashboard or the checkout: left out, they
// also keep the routes' union inside what the checker can represent (TS2590 in apps/web/src/api/client.ts).
export type ApiRoutes = RouteTable<Omit<typeof API, "testHelpersPublic">>;

export function allContracts(): RouteContract[] {
  return Object.values(API).flatMap((group) => Object.values(group) as RouteContract[]);
}
