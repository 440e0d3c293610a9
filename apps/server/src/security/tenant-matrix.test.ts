import type { FastifyInstance } from "fastify";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TransactionsTable } from "../db/schema.ts";
import { runExport } from "../exports/exports.service.ts";
import { buildTestApp } from "../test/app.ts";
import { expectCrossTenantIsolation } from "../test/cross-tenant.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import {
  appRoutes,
  fillUrl,
  hasIdParam,
  type MatrixRoute,
  publicCaller,
  routeKey,
  type TenantWorld,
  tenantWorld,
} from "../test/route-matrix.ts";

/**
 * The tenant matrix (issue 10, standing test; principle 4): every route with a tenant's id in its path, from the
 * app's route table, is called on a row of one tenant by users of others (another merchant, another bank, a
 * terminal of the same merchant that the row is not of, a terminal of another merchant; for the public API
 * another merchant's secret key) with expectCrossTenantIsolation. Each route gets a fresh owner world, so
 * deleting and acting routes find their row in its first state. A route whose parameter test/route-matrix.ts
 * PARAMS cannot fill fails; a route needing a body, a row in another state or having a secret to look for in its
 * answer gets a line in CASES (otherwise: the owner must get 2xx and every intruder a 403 or 404). PGlite only:
 * like the permission matrix, it is about the routes, and scoping is SQL that both engines run alike
 * (every feature's own tenant test runs on both).
 */

interface Case {
  payload?: object | ((w: TenantWorld) => object);
  /** What only the owner may read in the answer; without it every intruder must be denied outright. */
  secrets?: (w: TenantWorld) => string[];
  /** The owner world's payment, when the route needs another kind (a wallet payment, an authorisation). */
  payment?: Partial<Insertable<TransactionsTable>>;
  /** Brings the owner's row to the state the route needs. */
  prepare?: (app: FastifyInstance, w: TenantWorld) => Promise<void>;
}

/** The terminal of the owner's own merchant: the row is not its terminal's. */
const SAME = "a terminal of the same merchant";
const customer = (w: TenantWorld) => [w.customerName];
const integration = (w: TenantWorld) => [w.integrationName];

const CASES: Record<string, Case> = {
  "GET /api/bulk-invoices/:id": { secrets: (w) => [w.bulkFileName] },
  "PUT /api/bulk-invoices/:id/rows": { payload: { rows: [{ line: 2, values: {} }] } },
  "GET /api/transactions/:id": { secrets: customer },
  "GET /api/customers/:id": { secrets: customer },
  "GET /api/customers/:id/transactions": { secrets: (w) => [`"id":${w.transactionId},`] },
  "PUT /api/customers/:id": { payload: { name: "Tenant Person", email: "tenant.person@example.test" } },
  "GET /api/transactions/:id/receipt": { secrets: customer },
  "GET /api/transactions/:id/callbacks": { secrets: (w) => [w.callbackUrl] },
  "POST /api/transactions/:id/refund": { payload: { amount_cents: 100 } },
  "POST /api/transactions/:id/refund/otp": {
    payment: { gateway_type: "UIG", card_first6: null, card_last4: null, wallet_msisdn: "01011112222" },
  },
  "POST /api/transactions/:id/capture": {
    payload: { amount_cents: 100 },
    payment: { trnx_type: "auth", is_auth: true },
  },
  "GET /api/orders/:id": { secrets: (w) => [w.merchantOrderId] },
  "GET /api/users/:id": { secrets: (w) => [w.staffEmail] },
  "PATCH /api/users/:id": { payload: { permissions: ["can view products"] }, secrets: (w) => [w.staffEmail] },
  "POST /api/users/:id/resend-activation": { payload: { lang: "en" } },
  "GET /api/products/:id": { secrets: (w) => [w.productName] },
  "GET /api/iframes/:id": { secrets: (w) => [w.iframeName] },
  "PUT /api/iframes/:id": { payload: { description: "Changed" }, secrets: (w) => [w.iframeName] },
  "GET /api/invoices/:id": { secrets: (w) => [w.merchantInvoiceId] },
  "GET /api/payment-links/:id": { secrets: (w) => [w.linkReference] },
  "GET /api/request-to-pay/:id": { secrets: (w) => [w.requestBillNum] },
  "PUT /api/request-to-pay/:id": {
    payload: { is_live: true, amount_cents: 1000, currency: "EGP", mob_num: "01000000001", tip_type: "none" },
  },
  "POST /api/request-to-pay/:id/send": { secrets: (w) => [w.requestBillNum] },
  "POST /api/request-to-pay/:id/cancel": { secrets: (w) => [w.requestBillNum] },
  "POST /api/payment-links/:id/cancel": { secrets: (w) => [w.linkReference] },
  "PUT /api/bank/lenders/:id": {
    payload: (w) => ({ integration_id: w.integrationId, public_id: `lender-${w.lenderId}`, is_active: true }),
  },
  "PUT /api/risk/rules/:id": {
    payload: { kind: "max_amount", currency: "EGP", amount_cents: 100_000_000 },
  },
  "POST /api/payment-links/:id/disable": { secrets: (w) => [w.linkReference] },
  "POST /api/invoices/:id/send": { payload: { channel: "email" } },
  "PUT /api/products/:id": { payload: { inventory: 7 }, secrets: (w) => [w.productName] },
  "GET /api/integrations/:id": { secrets: integration },
  "PATCH /api/integrations/:id/callbacks": {
    payload: {
      processed_callback_url: "https://shop.example.test/processed",
      response_callback_url: "https://shop.example.test/response",
    },
    secrets: integration,
  },
  "PUT /api/integrations/:id/frame_origins": {
    payload: { frame_origins: ["https://shop.example.test"] },
    secrets: integration,
  },
  "PUT /api/integrations/:id/auto_callback_retrial": { payload: { enabled: false }, secrets: integration },
  "GET /api/exports/:id": { secrets: (w) => [`"id":${w.exportId},`] },
  "GET /api/exports/:id/download": {
    secrets: (w) => [w.companyName],
    prepare: (app, w) => runExport(app.payments.db, app.deps.config.dataDir, w.exportId),
  },
  "GET /api/bank/transactions/:id": { secrets: customer },
  "GET /api/bank/orders/:id": { secrets: (w) => [w.merchantOrderId] },
  "GET /api/transfers/:id": { secrets: (w) => [`"id":${w.transferId},`] },
  "GET /api/transfers/:id/transactions": { secrets: (w) => [`"id":${w.transactionId},`] },
  "GET /api/transfers/:id/export": { secrets: (w) => [`${w.transactionId},`] },
  "GET /api/bank/transfers/:id": { secrets: (w) => [w.companyName] },
  "GET /api/bank/transfers/:id/transactions": { secrets: (w) => [`"id":${w.transactionId},`] },
  "POST /api/bank/transfers/:id/status": { payload: { status: "Approved" } },
  "GET /api/bank/merchants/:id": { secrets: (w) => [w.companyName] },
  "GET /api/bank/merchants/:id/sheet": {},
  "POST /api/bank/merchants/:id/approve": {
    payload: { reason: "Documents checked" },
    prepare: async (app, w) => {
      await app.payments.db
        .updateTable("merchants")
        .set({ docs_received: true })
        .where("id", "=", w.merchantId)
        .execute();
    },
  },
  "POST /api/bank/merchants/:id/reject": { payload: { reason: "expired_nid" } },
  "POST /api/bank/merchants/:id/deactivate": { payload: { reason: "Closed" } },
  "POST /api/bank/merchants/:id/documents-received": { payload: { received: true } },
  "POST /api/bank/merchants/:id/suspicious": { payload: { suspicious: true, reason: "missing_url" } },
  "POST /api/bank/merchants/:id/comments": { payload: { content: "Looks fine" } },
  "POST /api/bank/merchants/:id/card-approval": { payload: { status: "rejected", reason: "expired_nid" } },
  "POST /api/bank/merchants/:id/qr-approval": { payload: { status: "rejected", reason: "expired_nid" } },
  "PATCH /api/bank/merchants/:id": { payload: { settlment_merchant_number: "12345" } },
  "PUT /api/bank/merchants/:id/bank-account": { payload: { bank_account: "EG380019000500000000263180002" } },
  "PUT /api/bank/merchants/:id/fee": { payload: { fee_id: 2 } },
  "PUT /api/bank/merchants/:id/full-edit": {
    payload: {
      has_bank_docs: true,
      deactivate: false,
      suspicious: "no",
      status: "pending",
      digital_status: "pending",
    },
  },
  "GET /api/ecommerce/orders/:order_id": { secrets: (w) => [w.merchantOrderId] },
  "GET /api/ecommerce/orders/:order_id/": { secrets: (w) => [w.merchantOrderId] },
  "GET /api/chargebacks/:id": { secrets: (w) => [w.companyName] },
  "POST /api/chargebacks/:id/evidence": {
    payload: {
      files: [{ name: "receipt.pdf", content_base64: Buffer.from("%PDF-1.4\n").toString("base64") }],
    },
  },
  // The default format is XLSX (zipped: no secret to read in it), so every intruder must be denied.
  "GET /api/branches/:id": { secrets: (w) => [w.branchName] },
  "PUT /api/branches/:id": {
    payload: {
      branch_name: "Moved Branch",
      branch_id: "TENANT-BR",
      city: "Giza",
      address: "2 Tenant Street",
    },
  },
  "GET /api/terminals/:id": { secrets: (w) => [w.terminalCode] },
  "PUT /api/terminals/:id": { payload: (w) => ({ branch: w.branchId }), secrets: (w) => [w.terminalCode] },
  "GET /api/terminal/payments/:id": { secrets: (w) => [w.terminalCode] },
  // The world's document becomes an activation upload (they carry a content hash) the owner may remove.
  "DELETE /api/activation/documents/:id": {
    prepare: async (app, w) => {
      await app.payments.db
        .updateTable("merchant_documents")
        .set({ kind: "passport", content_type: "image/png", content_hash: `tenant-${w.documentId}` })
        .where("id", "=", w.documentId)
        .execute();
    },
  },
  "GET /api/reports/:id/download": {
    prepare: (app, w) => runExport(app.payments.db, app.deps.config.dataDir, w.reportId),
  },
};

describe("tenant matrix: every route with an id x users of other tenants", () => {
  let db: TestDatabase & { drop(): Promise<void> };
  let app: FastifyInstance;
  let other: TenantWorld;
  let others: { label: string; session: TestSession }[];

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    app = await buildTestApp(db.database);
    await app.ready();
    other = await tenantWorld(app);
    const fx = fixtures(app.payments.db);
    others = [
      { label: "another merchant", session: await fx.session(other.owner) },
      { label: "another bank", session: await fx.session(other.bankUser) },
      { label: "a terminal of another merchant", session: await fx.session(other.terminalUser) },
    ];
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const idRoutes = () => appRoutes(app).filter((r) => hasIdParam(r.url));

  it("finds the routes with an id and can fill every parameter", () => {
    const routes = idRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const unfilled: string[] = [];
    for (const r of appRoutes(app))
      try {
        fillUrl(r.url, other);
      } catch (error) {
        unfilled.push((error as Error).message);
      }
    expect(unfilled).toEqual([]);
    const keys = new Set(routes.map(routeKey));
    expect(
      Object.keys(CASES).filter((k) => !keys.has(k)),
      "CASES lines of routes that are gone",
    ).toEqual([]);
  });

  it("keeps every tenant's rows from every other tenant", async () => {
    const fx = fixtures(app.payments.db);
    for (const route of idRoutes()) {
      const key = routeKey(route);
      const c = CASES[key] ?? {};
      const intruders = route.public
        ? ["another merchant's secret key"]
        : [...others.map((o) => o.label), SAME];
      // A fresh owner world per intruder: an acting route (delete, void, refund) finds its row as it was.
      for (const label of intruders) {
        const w = await tenantWorld(app, c.payment);
        await c.prepare?.(app, w);
        const intruder = route.public
          ? publicCaller(route.url, other)
          : label === SAME
            ? await fx.session(w.terminalUser)
            : others.find((o) => o.label === label)!.session;
        const secrets = c.secrets?.(w) ?? [];
        const payload = typeof c.payload === "function" ? c.payload(w) : c.payload;
        await expectCrossTenantIsolation(app, {
          request: {
            method: route.method as "GET",
            url: fillUrl(route.url, w),
            ...(payload ? { payload } : route.method === "GET" ? {} : { payload: {} }),
          },
          owner: ownerOf(route, w, await fx.session(w.owner), await fx.session(w.bankUser)),
          intruder,
          secrets,
          mustDeny: secrets.length === 0,
        }).catch((error: Error) => {
          error.message = `${key} by ${label}: ${error.message}`;
          throw error;
        });
      }
    }
  }, 300_000);
});

/** Who owns the row: the bank for bank routes, the merchant's secret key for the public API, else the merchant. */
function ownerOf(route: MatrixRoute, w: TenantWorld, merchant: TestSession, bank: TestSession): TestSession {
  if (route.public) return publicCaller(route.url, w);
  if (route.url.startsWith("/api/bank/")) return bank;
  return merchant;
}
