import { randomBytes } from "node:crypto";
import type { PermissionName, PermissionRule } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import type { Insertable } from "kysely";
import { encryptEvidence } from "../chargebacks/evidence.ts";
import type { TransactionsTable } from "../db/schema.ts";
import { recreateKey } from "../integrations/keys.service.ts";
import { generateTerminalKey, terminalKeyHash } from "../pos/terminal-payment.ts";
import { rows } from "../transactions/test-rows.ts";
import { type FixtureUser, fixtures, type TestSession, unique } from "./fixtures.ts";

/**
 * What the permission matrix (security/permission-matrix.test.ts) and the tenant matrix
 * (security/tenant-matrix.test.ts) are generated from: the app's own route table (`app.routeTable`,
 * http/route-table.ts, fed by an onRoute hook every route passes through) and one "tenant world" per tenant with a real row behind every
 * path parameter. Adding a route with a new parameter means one line in PARAMS below; docs/testing.md.
 */

/** A route of the app's route table (http/route-table.ts) with what the matrices read of its config. */
export interface MatrixRoute {
  method: string;
  url: string;
  public: boolean;
  /** The dashboard permission (null: any signed-in user, narrowed in the handler; a list: any one of them). */
  permission: PermissionRule | null | undefined;
  /** On the public API's merchant routes: what a token made from a user's password needs. */
  apiPermission: PermissionName | undefined;
  allowTempSession: boolean;
}

/** A route in the form the matrices name it: "GET /api/orders/:id". */
export const routeKey = (r: Pick<MatrixRoute, "method" | "url">) => `${r.method} ${r.url}`;

/** Every route of the app, without the API documentation UI's own files. */
export function appRoutes(app: FastifyInstance): MatrixRoute[] {
  return app.routeTable
    .filter((r) => !r.url.startsWith("/api/docs"))
    .map((r) => ({
      method: r.method,
      url: r.url,
      public: r.config.public === true,
      permission: r.config.permission,
      apiPermission: r.config.apiPermission,
      allowTempSession: r.config.allowTempSession === true,
    }));
}

/** The rows of one merchant tenant (with a bank, so bank routes have rows too) and its users. */
export interface TenantWorld {
  merchantId: number;
  bankId: number;
  companyName: string;
  owner: FixtureUser;
  bankUser: FixtureUser;
  terminalUser: FixtureUser;
  integrationId: number;
  integrationName: string;
  /** The url of the transaction's delivered callback (its attempts log). */
  callbackUrl: string;
  orderId: number;
  merchantOrderId: string;
  transactionId: number;
  /** A unique customer name on the transaction: a secret only this tenant may read. */
  customerName: string;
  /** The customer the transaction's billing data made (customers/, migration 0033). */
  customerId: number;
  exportId: number;
  secretKey: string;
  /** A transfer (transfers/) holding the transaction. */
  transferId: number;
  /** A product (selling/products) and its unique name, a secret only this tenant may read. */
  productId: number;
  productName: string;
  /** An invoice (selling/invoices) and its merchant invoice id, a secret only this tenant may read. */
  invoiceId: number;
  merchantInvoiceId: string;
  /** A chargeback on the transaction with one evidence file (chargebacks/), and a ready-to-run report (reports/). */
  chargebackId: number;
  evidenceId: number;
  reportId: number;
  /** A document of the merchant's activation application (backoffice/). */
  documentId: number;
  /** A previewed bulk invoice upload with one valid row and its file name, a secret (selling/bulk-invoices). */
  bulkUploadId: number;
  bulkFileName: string;
  /** A QR payment: the order of an intention marked as one (selling/qr-payment). */
  qrOrderId: number;
  /** A quick payment link (selling/links) and its reference, a secret only this tenant may read. */
  paymentLinkId: number;
  linkReference: string;
  /** An iframe (iframes/) and its unique name, a secret only this tenant may read. */
  iframeId: number;
  iframeName: string;
  /** A staff user waiting for activation (users/) and their e-mail address, a secret only this tenant may read. */
  staffUserId: number;
  staffEmail: string;
  /** A monthly statement of the merchant (statements/). */
  statementId: number;
  /** A request to pay (request-to-pay/) and its bill number, a secret only this tenant may read. */
  requestToPayId: number;
  requestBillNum: string;
  /** A branch (pos/) and its unique name; a terminal in it (not the terminal user's), its live key and a payment. */
  branchId: number;
  branchName: string;
  terminalId: number;
  terminalCode: string;
  terminalKey: string;
  terminalPaymentId: number;
  /** A risk rule and a blacklist entry (risk/). */
  riskRuleId: number;
  riskEntryId: number;
  /** The merchant as a lender of its bank (lending/lenders.service.ts). */
  lenderId: number;
  /** The test helpers (test-helpers/): the test secret key, a test payment's delivery with its body, a pending one. */
  testSecretKey: string;
  testDeliveryId: number;
  pendingDeliveryId: number;
}

/**
 * Creates a merchant of a new bank with an integration, an order, a live paid card transaction (`payment`
 * overrides it: a wallet payment, an authorisation), an export and keys.
 */
export async function tenantWorld(
  app: FastifyInstance,
  payment: Partial<Insertable<TransactionsTable>> = {},
): Promise<TenantWorld> {
  const db = app.payments.db;
  const fx = fixtures(db);
  const r = rows(db);
  const bank = await fx.bank();
  const companyName = unique("Tenant Co ");
  const merchant = await fx.merchant({ company_name: companyName, bank_id: bank.id });
  const owner = await fx.user("Merchant", { merchantId: merchant.id });
  const bankUser = await fx.user("Bank", { bankId: bank.id });
  const terminalUser = await fx.user("Terminal", { merchantId: merchant.id });
  const integration = await fx.integration(merchant.id, {
    processed_callback_url: `https://${unique("cb")}.example.test/callback`,
  });
  const order = await r.order(merchant.id);
  const customerName = unique("Customer ");
  const tx = await r.payment(merchant.id, {
    order_id: order.id,
    integration_id: integration.id,
    customer_name: customerName,
    ...payment,
  });
  const callbackUrl = `https://${unique("cb")}.example.test/callback`;
  await db
    .insertInto("callback_attempts")
    .values({
      transaction_id: tx.id,
      merchant_id: merchant.id,
      kind: "TRANSACTION",
      trigger: "event",
      attempt: 1,
      url: callbackUrl,
      status_code: 200,
    })
    .execute();
  const exp = await db
    .insertInto("exports")
    .values({
      merchant_id: merchant.id,
      bank_id: null,
      user_id: owner.id,
      kind: "transactions",
      status_choice: "trx_all",
      is_live: true,
      // Around now, where the transaction is.
      date_from: new Date(Date.now() - 86_400_000),
      date_to: new Date(Date.now() + 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const secretKey = await recreateKey(db, merchant.id, "secret", {
    country: "EGY",
    isLive: true,
    dataKey: app.payments.dataKey,
  });
  const productName = unique("Product ");
  const product = await db
    .insertInto("products")
    .values({
      public_id: unique("pub"),
      merchant_id: merchant.id,
      is_live: integration.is_live,
      name: productName,
      price_cents: 1000,
      currency: "EGP",
      inventory: 5,
      integration_ids: [integration.id],
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const merchantInvoiceId = unique("INV-");
  const invoice = await db
    .insertInto("payment_links")
    .values({
      merchant_id: merchant.id,
      kind: "invoice",
      is_live: true,
      order_id: order.id,
      merchant_invoice_id: merchantInvoiceId,
      amount_cents: 1000,
      currency: "EGP",
      client: JSON.stringify({
        full_name: "Tenant Client",
        email: "client@example.test",
        phone_number: "+201000000001",
      }),
      description: null,
      integration_ids: [integration.id],
      expires_at: null,
      remaining_attempts: 3,
      created_by: null,
      notification_url: null,
      paid_at: null,
      image_url: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const transfer = await db
    .insertInto("transfers")
    .values({
      merchant_id: merchant.id,
      is_live: true,
      currency: "EGP",
      day: "2026-01-01",
      gross_cents: 10000,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("transfer_transactions")
    .values({ transaction_id: tx.id, transfer_id: transfer.id, kind: "payment" })
    .execute();
  const chargeback = await db
    .insertInto("chargebacks")
    .values({
      merchant_id: merchant.id,
      transaction_id: tx.id,
      order_id: order.id,
      integration_id: integration.id,
      is_live: true,
      amount_cents: tx.amount_cents,
      currency: tx.currency,
      reason: "Product not received",
      deadline_at: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const evidence = await db
    .insertInto("chargeback_evidence")
    .values({
      chargeback_id: chargeback.id,
      merchant_id: merchant.id,
      file_name: "receipt.pdf",
      content_type: "application/pdf",
      size_bytes: 9,
      content: encryptEvidence(Buffer.from("%PDF-1.4\n"), app.payments.dataKey, chargeback.id),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const report = await db
    .insertInto("exports")
    .values({
      merchant_id: merchant.id,
      bank_id: null,
      user_id: owner.id,
      kind: "transactions",
      status_choice: "trx_all",
      is_live: true,
      date_from: new Date(Date.now() - 86_400_000),
      date_to: new Date(Date.now() + 86_400_000),
      purpose: "report",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const document = await db
    .insertInto("merchant_documents")
    .values({
      merchant_id: merchant.id,
      kind: "tax_card",
      file_name: "tax-card.png",
      content_type: "image/png",
      size_bytes: 8,
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const bulkFileName = `${unique("bulk-")}.csv`;
  const bulk = await db
    .insertInto("bulk_invoice_uploads")
    .values({
      merchant_id: merchant.id,
      user_id: owner.id,
      created_by: owner.username,
      is_live: true,
      file_name: bulkFileName,
      file_type: "csv",
      file_bytes: Buffer.from("full_name\n"),
      rows: JSON.stringify([{ line: 2, values: bulkRowValues(integration.id) }]),
      row_count: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const qrOrder = await r.order(merchant.id);
  await db
    .insertInto("payment_intentions")
    .values({
      public_id: unique("pi_test_"),
      merchant_id: merchant.id,
      is_live: true,
      client_secret_hash: unique("hash"),
      order_id: qrOrder.id,
      amount_cents: qrOrder.amount_cents,
      currency: qrOrder.currency,
      integration_ids: [integration.id],
      items: JSON.stringify([]),
      billing_data: JSON.stringify({}),
      extras: JSON.stringify({ portal_qr: true }),
      expires_at: new Date(Date.now() + 3_600_000),
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  const linkReference = unique("LINK-");
  const paymentLink = await db
    .insertInto("payment_links")
    .values({
      merchant_id: merchant.id,
      kind: "link",
      is_live: true,
      merchant_invoice_id: linkReference,
      amount_cents: 1000,
      currency: "EGP",
      integration_ids: [integration.id],
      created_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const iframeName = unique("Iframe ");
  const iframe = await db
    .insertInto("iframes")
    .values({
      merchant_id: merchant.id,
      public_id: randomBytes(24).toString("base64url"),
      name: iframeName,
      html: "<p>Tenant</p>",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const staff = await fx.user("MerchantStaff", { merchantId: merchant.id, permissions: ["can view orders"] });
  await db.updateTable("users").set({ pending_activation: true }).where("id", "=", staff.id).execute();
  const statement = await db
    .insertInto("statements")
    .values({
      merchant_id: merchant.id,
      month: "2026-01-01",
      time_zone: "Africa/Cairo",
      period_start: new Date("2025-12-31T22:00:00Z"),
      period_end: new Date("2026-01-31T22:00:00Z"),
      figures: JSON.stringify([]),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const branchName = unique("Branch ");
  const branch = await db
    .insertInto("merchant_branches")
    .values({
      merchant_id: merchant.id,
      branch_name: branchName,
      branch_code: unique("BR-"),
      city: "Cairo",
      address: "1 Tenant Street",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const terminal = await fx.terminal(merchant.id, { branch_id: branch.id, branch_name: branchName });
  const terminalKey = generateTerminalKey("EGY", true);
  await db
    .insertInto("terminal_keys")
    .values({
      terminal_id: terminal.id,
      merchant_id: merchant.id,
      is_live: true,
      key_hash: terminalKeyHash(app.payments.dataKey, terminalKey.key),
      key_prefix: terminalKey.prefix,
    })
    .execute();
  const terminalPayment = await r.payment(merchant.id, {
    terminal_id: terminal.id,
    origin: "POS",
    channel: "POS",
    gateway_type: "card_present",
  });
  const requestBillNum = unique("BILL-");
  const requestToPay = await db
    .insertInto("request_to_pay")
    .values({
      merchant_id: merchant.id,
      is_live: true,
      salt: randomBytes(16).toString("hex"),
      token_hash: randomBytes(32).toString("hex"),
      amount_cents: 1000,
      currency: "EGP",
      mob_num: "01000000001",
      bill_num: requestBillNum,
      tip_type: "none",
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const riskRule = await db
    .insertInto("risk_rules")
    .values({ merchant_id: merchant.id, kind: "max_amount", currency: "EGP", amount_cents: 100_000_000 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const riskEntry = await db
    .insertInto("risk_list_entries")
    .values({
      merchant_id: merchant.id,
      list: "black",
      kind: "email",
      value_key: `${unique("risk")}@example.test`,
      label: "risk@example.test",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lender = await db
    .insertInto("lending_lenders")
    .values({
      merchant_id: merchant.id,
      integration_id: integration.id,
      public_id: unique("lender-").toLowerCase(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const testSecretKey = await recreateKey(db, merchant.id, "secret", {
    country: "EGY",
    isLive: false,
    dataKey: app.payments.dataKey,
  });
  const testTx = await r.payment(merchant.id, { is_live: false, integration_id: integration.id });
  const testDelivery = await db
    .insertInto("callback_attempts")
    .values({
      transaction_id: testTx.id,
      merchant_id: merchant.id,
      kind: "TRANSACTION",
      trigger: "event",
      attempt: 1,
      // Refused at once (a private address, or nobody listening): a replay answers quickly.
      url: "http://127.0.0.1:9/callback",
      status_code: 500,
      request_body: JSON.stringify({ type: "TRANSACTION", obj: { id: testTx.id } }),
      signature: "0",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const pendingDelivery = await db
    .insertInto("callback_jobs")
    .values({
      transaction_id: testTx.id,
      kind: "TRANSACTION",
      attempt: 2,
      trigger: "retry",
      run_at: new Date(Date.now() + 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    merchantId: merchant.id,
    bankId: bank.id,
    companyName,
    owner,
    bankUser,
    terminalUser,
    integrationId: integration.id,
    integrationName: integration.name,
    callbackUrl,
    orderId: order.id,
    merchantOrderId: order.merchant_order_id!,
    transactionId: tx.id,
    customerName,
    customerId: tx.customer_id!,
    exportId: exp.id,
    secretKey,
    transferId: transfer.id,
    productId: product.id,
    productName,
    invoiceId: invoice.id,
    merchantInvoiceId,
    chargebackId: chargeback.id,
    evidenceId: evidence.id,
    reportId: report.id,
    documentId: document.id,
    bulkUploadId: bulk.id,
    bulkFileName,
    qrOrderId: qrOrder.id,
    paymentLinkId: paymentLink.id,
    linkReference,
    iframeId: iframe.id,
    iframeName,
    staffUserId: staff.id,
    staffEmail: staff.email,
    statementId: statement.id,
    requestToPayId: requestToPay.id,
    requestBillNum,
    branchId: branch.id,
    branchName,
    terminalId: terminal.id,
    terminalCode: terminal.terminal_code,
    terminalKey: terminalKey.key,
    terminalPaymentId: terminalPayment.id,
    riskRuleId: riskRule.id,
    riskEntryId: riskEntry.id,
    lenderId: lender.id,
    testSecretKey,
    testDeliveryId: testDelivery.id,
    pendingDeliveryId: pendingDelivery.id,
  };
}

/** A valid bulk invoice row paid through the integration (no merchant invoice id: it never collides). */
export function bulkRowValues(integrationId: number): Record<string, string> {
  return {
    full_name: "Tenant Client",
    phone_number: "+201000000001",
    email: "client@example.test",
    merchant_order_id: "",
    order_name: "Order",
    order_description: "",
    amount: "10",
    currency: "EGP",
    integration_id: String(integrationId),
    delivery_needed: "no",
    expiry_date: "",
    expiry_hour: "",
    send_email: "no",
    send_sms: "no",
  };
}

/**
 * How to fill a path parameter with a real id of the tenant, keyed by the path up to and including the
 * parameter (so "/api/transactions/:id" also fills "/api/transactions/:id/refund"). `null` marks a parameter
 * that is not a tenant's id (a fixed choice), with the value to use. A route with a parameter missing here fails
 * both matrices: add its line.
 */
export const PARAMS: Record<string, ((w: TenantWorld) => string | number) | { notAnId: string }> = {
  "/api/transactions/:id": (w) => w.transactionId,
  "/api/orders/:id": (w) => w.orderId,
  "/api/integrations/:id": (w) => w.integrationId,
  "/api/exports/:id": (w) => w.exportId,
  "/api/bank/transactions/:id": (w) => w.transactionId,
  "/api/bank/orders/:id": (w) => w.orderId,
  "/api/transfers/:id": (w) => w.transferId,
  "/api/bank/transfers/:id": (w) => w.transferId,
  "/api/bank/merchants/:id": (w) => w.merchantId,
  "/api/bank/merchants/:id/documents/:documentId": (w) => w.documentId,
  "/api/merchant/documents/:documentId": (w) => w.documentId,
  // The activation wizard: a step's name is a fixed choice; an upload is the world's document made one
  // (tenant-matrix CASES prepares it).
  "/api/activation/steps/:step": { notAnId: "business_info" },
  "/api/activation/documents/:id": (w) => w.documentId,
  "/api/keys/:kind": { notAnId: "api" },
  "/api/ecommerce/orders/:order_id": (w) => w.orderId,
  "/api/acceptance/transactions/:transaction_id": (w) => w.transactionId,
  // The path's secrets are the credential itself (a payment's client secret, the public key, an iframe of the
  // customer's payment page): there is no other tenant's credential to try. The hostile-input corpus and the
  // checkout tests cover them; here they are filled with values that exist nowhere.
  "/v1/intention/:client_secret": { notAnId: "egy_csk_test_unknown" },
  "/v1/intention/element/:public_key": { notAnId: "egy_pk_test_unknown" },
  "/v1/intention/element/:public_key/:client_secret": { notAnId: "egy_csk_test_unknown" },
  "/api/acceptance/iframes/:iframe_id": { notAnId: "999999999" },
  "/api/products/:id": (w) => w.productId,
  "/api/invoices/:id": (w) => w.invoiceId,
  // The product page's public id is its link, like a payment token: no other tenant's to try.
  "/api/checkout/products/:public_id": { notAnId: "no-such-product" },
  "/api/chargebacks/:id": (w) => w.chargebackId,
  "/api/chargebacks/:id/evidence/:file_id": (w) => w.evidenceId,
  "/api/customers/:id": (w) => w.customerId,
  "/api/reports/:id": (w) => w.reportId,
  "/api/bulk-invoices/:id": (w) => w.bulkUploadId,
  "/api/qr-payments/:id": (w) => w.qrOrderId,
  "/api/payment-links/:id": (w) => w.paymentLinkId,
  "/api/iframes/:id": (w) => w.iframeId,
  // A published iframe's public id is its link (192 random bits), public by design: no other tenant's to try.
  "/checkout/iframes/:public_id": { notAnId: "A".repeat(32) },
  "/api/users/:id": (w) => w.staffUserId,
  "/api/statements/:id": (w) => w.statementId,
  // An image's id and a customer page's token are their own credentials (128 random bits), public by design.
  "/api/images/:id": { notAnId: "0".repeat(32) },
  "/api/checkout/links/:token": { notAnId: "f".repeat(32) },
  "/api/request-to-pay/:id": (w) => w.requestToPayId,
  // A request to pay's customer page token is its own credential (128 bits), public by design.
  "/api/checkout/requests/:token": { notAnId: "e".repeat(32) },
  "/api/branches/:id": (w) => w.branchId,
  "/api/terminals/:id": (w) => w.terminalId,
  "/api/terminal/payments/:id": (w) => w.terminalPaymentId,
  "/api/risk/rules/:id": (w) => w.riskRuleId,
  "/api/bank/lenders/:id": (w) => w.lenderId,
  "/api/risk/entries/:id": (w) => w.riskEntryId,
  // A test intention's client secret is its credential, as on /v1/intention/:client_secret.
  "/v1/test/intentions/:client_secret": { notAnId: "egy_csk_test_unknown" },
  "/v1/test/deliveries/:id": (w) => w.testDeliveryId,
  "/v1/test/deliveries/pending/:id": (w) => w.pendingDeliveryId,
  "/api/test-helpers/deliveries/:id": (w) => w.testDeliveryId,
  "/api/test-helpers/pending/:id": (w) => w.pendingDeliveryId,
  // A referral code is public by design (it is shared as a link): no other tenant's to try.
  "/api/growth/codes/:code": { notAnId: "NOSUCHCO" },
};

/** The parameters of a route: [the PARAMS key, the parameter name], in path order. */
export function routeParams(url: string): { key: string; name: string }[] {
  const out: { key: string; name: string }[] = [];
  const re = /:([A-Za-z_]+)/g;
  for (let m = re.exec(url); m; m = re.exec(url))
    out.push({ key: url.slice(0, m.index + m[0].length), name: m[1]! });
  return out;
}

/** Whether some parameter of the route is a tenant's id (a PARAMS function, not a fixed choice). */
export function hasIdParam(url: string): boolean {
  return routeParams(url).some(({ key }) => typeof PARAMS[key] === "function");
}

/** The route's url with every parameter filled from the tenant; throws for a parameter PARAMS does not know. */
export function fillUrl(url: string, w: TenantWorld): string {
  let out = url;
  for (const { key, name } of routeParams(url)) {
    const fill = PARAMS[key];
    if (fill === undefined)
      throw new Error(`No way to fill :${name} of ${url}: add "${key}" to PARAMS in test/route-matrix.ts`);
    const value = typeof fill === "function" ? fill(w) : fill.notAnId;
    out = out.replace(`:${name}`, encodeURIComponent(String(value)));
  }
  return out.replace(/\*$/, "x");
}

/** Headers of a terminal API caller holding a terminal's own key (pos/terminal-payment.ts). */
export function terminalKeyCaller(terminalKey: string): TestSession {
  const headers = { authorization: `Terminal ${terminalKey}` };
  return { userId: 0, token: terminalKey, csrfToken: "", kind: "full", headers, bearer: headers };
}

/** The credential of a public route's owner: a terminal's key on the terminal API, else the secret key. */
export function publicCaller(url: string, w: TenantWorld): TestSession {
  if (url.startsWith("/api/terminal/")) return terminalKeyCaller(w.terminalKey);
  // The test helpers take the test secret key only.
  return secretKeyCaller(url.startsWith("/v1/test/") ? w.testSecretKey : w.secretKey);
}

/** Headers of a public-API caller holding a merchant's secret key. */
export function secretKeyCaller(secretKey: string): TestSession {
  const headers = { authorization: `Token ${secretKey}` };
  return { userId: 0, token: secretKey, csrfToken: "", kind: "full", headers, bearer: headers };
}
