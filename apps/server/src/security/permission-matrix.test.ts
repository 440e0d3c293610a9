import {
  isPermissionName,
  MERCHANT_PERMISSIONS,
  PERMISSIONS,
  type PermissionName,
  type ProfileType,
  rulePermissions,
  satisfiesRule,
} from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectivePermissions } from "../auth/permissions.ts";
import { solidPng } from "../images/png.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";
import { type FixtureUser, fixtures, type TestSession } from "../test/fixtures.ts";
import {
  appRoutes,
  fillUrl,
  type MatrixRoute,
  routeKey,
  type TenantWorld,
  tenantWorld,
} from "../test/route-matrix.ts";

/**
 * The permission matrix (issue 10, standing test; principle 4): every route of the app's route table is called
 * as every kind of caller, and no caller gets a 2xx it should not:
 * - a dashboard route declaring a permission answers 2xx only to callers whose effective permissions hold it;
 * - a dashboard route declaring `permission: null` (any signed-in user, narrowed in its handler) is listed in
 *   ANY_USER below with who may get 2xx;
 * - no credentials, and a temporary-password session (except on the routes that allow it), never get 2xx;
 * - a public route is listed in PUBLIC_ROUTES: "open" (by design anyone) or "merchant-api" (a merchant's API
 *   credential, never a dashboard session: every caller's session, as cookie or bearer, gets no 2xx; the token
 *   POST /api/auth/tokens gives for the caller's password, only to owners and staff who may see the API key, gets
 *   a 2xx only where the caller holds the route's apiPermission).
 * A route missing from the two tables fails the test, so a new route must be placed (one line; docs/testing.md).
 * Path parameters are the caller's own tenant's ids (test/route-matrix.ts PARAMS), so a refusal is the permission's
 * and not a 404 of someone else's row. PGlite only: the matrix is about the route table, not the database engine,
 * and runs some two thousand requests (both engines run the tenant and feature tests).
 */

type Caller = {
  label: string;
  profile: ProfileType | "none";
  permissions: ReadonlySet<PermissionName>;
  session: TestSession | undefined;
  temp: boolean;
  user: FixtureUser | undefined;
  /** The public API token POST /api/auth/tokens gave for the user's password, if it gave one. */
  apiToken?: string | undefined;
};

/** Who may get a 2xx from a `permission: null` route (the handler narrows it). */
const ANY_USER: Record<string, (c: Caller) => boolean> = {
  "GET /api/auth/me": () => true,
  // Service-credit packs: the merchant's owner only (docs/onboarding.md).
  "GET /api/acceptance/billspromo": (c) => c.profile === "Merchant",
  "POST /api/acceptance/billspromo": (c) => c.profile === "Merchant",
  "GET /api/auth/merchant_staff/permission/list_perms": () => true,
  "POST /api/auth/change_password": () => true,
  "GET /dashboard/v1/switch/old-dashboard": () => true,
  "GET /api/auth/sector-industry": () => true,
  "POST /api/auth/business_information": (c) => c.profile === "Merchant" || c.profile === "MerchantStaff",
  "GET /api/keys": (c) =>
    isMerchantUser(c) &&
    (c.permissions.has("can view api key") || c.permissions.has("can view public secret keys")),
  "POST /api/keys/:kind/recreate": (c) => isMerchantUser(c) && c.permissions.has("can recreate api key"),
  "POST /api/exports": (c) => exporter(c),
  "GET /api/exports": (c) => exporter(c),
  "GET /api/exports/:id": (c) => exporter(c),
  "GET /api/exports/:id/download": (c) => exporter(c),
  "GET /api/analytics/home": (c) => c.profile === "Merchant" || c.profile === "MerchantStaff",
  // The account activation wizard (docs/onboarding.md "Account activation"): the merchant's owner only.
  "GET /api/activation": (c) => c.profile === "Merchant",
  "PUT /api/activation/steps/:step": (c) => c.profile === "Merchant",
  "POST /api/activation/documents": (c) => c.profile === "Merchant",
  "DELETE /api/activation/documents/:id": (c) => c.profile === "Merchant",
  "POST /api/activation/submit": (c) => c.profile === "Merchant",
  // The merchant's owner's own activation documents (docs/backoffice.md).
  "GET /api/merchant/documents/:documentId": (c) => c.profile === "Merchant",
  // Profile and settings (docs/settings.md): the merchant's owner and staff read, the owner changes.
  "GET /api/merchant/profile": (c) => isMerchantUser(c),
  "PUT /api/merchant/profile/company": (c) => c.profile === "Merchant",
  "PUT /api/merchant/profile/branding": (c) => c.profile === "Merchant",
  "PUT /api/merchant/profile/logo": (c) => c.profile === "Merchant",
  "PUT /api/merchant/profile/notifications": (c) => c.profile === "Merchant",
  "POST /api/merchant/profile/contract": (c) => c.profile === "Merchant",
  // A partner's own merchants (docs/backoffice.md "Partners"): Partner users only, who hold no permissions.
  "GET /api/partner/merchants": (c) => c.profile === "Partner",
  // A merchant's referrals (docs/onboarding.md "Registration and growth"): its owner and staff.
  "GET /api/growth/referring": (c) => isMerchantUser(c),
};

/** Who may use the public API with a password's token (issue 10 item 1), stated here apart from the code. */
const mayUseApi = (c: Caller) =>
  !c.temp &&
  (c.profile === "Merchant" || (c.profile === "MerchantStaff" && c.permissions.has("can view api key")));

const isMerchantUser = (c: Caller) => c.profile === "Merchant" || c.profile === "MerchantStaff";
const exporter = (c: Caller) =>
  (isMerchantUser(c) || c.profile === "Bank" || c.profile === "BankStaff") &&
  (c.permissions.has("can view transactions") || c.permissions.has("can view orders"));

/** Public routes: "open" to anyone by design, or "merchant-api" (a merchant's API credential only). */
const PUBLIC_ROUTES: Record<string, "open" | "merchant-api"> = {
  "GET /healthz": "open",
  "GET /readyz": "open",
  "GET /api/config": "open",
  "POST /api/auth/login": "open",
  "GET /api/auth/logout": "open",
  "POST /api/auth/forgot_password": "open",
  "POST /api/auth/reset_password": "open",
  "POST /api/auth/reactivate": "open",
  "POST /api/auth/activate_staff": "open", // an e-mailed staff activation link (users/)
  "POST /api/auth/activate_staff/check": "open",
  "POST /api/auth/register": "open", // registration (registration/), none for Pakistan
  "POST /api/auth/register/confirm": "open", // an e-mailed confirmation link
  "POST /api/auth/register/resend": "open",
  "GET /api/growth/codes/:code": "open", // a referral code, public by design
  "GET /api/dev/mailbox": "open", // its own key (mail/mailbox.routes.ts), 404 without it
  "GET /api/dev/sms": "open", // the mailbox's key (sms/sms.routes.ts), 404 without it
  "POST /api/auth/tokens": "open", // username and password (public-api/legacy.routes.ts)
  "POST /api/auth/tokens/": "open",
  "POST /api/ecommerce/orders": "merchant-api",
  "POST /api/ecommerce/orders/": "merchant-api",
  "GET /api/ecommerce/orders/:order_id": "merchant-api",
  "GET /api/ecommerce/orders/:order_id/": "merchant-api",
  "POST /api/acceptance/payment_keys": "merchant-api",
  "POST /api/acceptance/payment_keys/": "merchant-api",
  "POST /api/acceptance/payments/pay": "open", // a customer's payment token
  "POST /api/acceptance/payments/pay/": "open",
  "POST /api/acceptance/void_refund/refund": "merchant-api",
  "POST /api/acceptance/void_refund/refund/": "merchant-api",
  "POST /api/acceptance/void_refund/void": "merchant-api",
  "POST /api/acceptance/void_refund/void/": "merchant-api",
  "POST /api/acceptance/capture": "merchant-api",
  "POST /api/acceptance/capture/": "merchant-api",
  "GET /api/acceptance/transactions/:transaction_id": "merchant-api",
  "GET /api/acceptance/transactions/:transaction_id/": "merchant-api",
  "POST /api/ecommerce/orders/transaction_inquiry": "merchant-api",
  "POST /api/ecommerce/orders/transaction_inquiry/": "merchant-api",
  "POST /api/acceptance/order_card_tokens": "merchant-api",
  "POST /api/acceptance/order_card_tokens/": "merchant-api",
  // The sandbox's test helpers (docs/payments.md "Test helpers"): the merchant's test secret key only.
  "POST /v1/test/intentions/:client_secret/complete": "merchant-api",
  "POST /v1/test/intentions/:client_secret/complete/": "merchant-api",
  "POST /v1/test/payment_keys/complete": "merchant-api",
  "POST /v1/test/payment_keys/complete/": "merchant-api",
  "GET /v1/test/deliveries": "merchant-api",
  "GET /v1/test/deliveries/": "merchant-api",
  "POST /v1/test/deliveries/:id/replay": "merchant-api",
  "POST /v1/test/deliveries/:id/replay/": "merchant-api",
  "POST /v1/test/deliveries/pending/:id/cancel": "merchant-api",
  "POST /v1/test/deliveries/pending/:id/cancel/": "merchant-api",
  "GET /v1/test/faults": "merchant-api",
  "GET /v1/test/faults/": "merchant-api",
  "POST /v1/test/faults": "merchant-api",
  "POST /v1/test/faults/": "merchant-api",
  "GET /v1/test/clock": "merchant-api",
  "GET /v1/test/clock/": "merchant-api",
  "POST /v1/test/clock/advance": "merchant-api",
  "POST /v1/test/clock/advance/": "merchant-api",
  "POST /v1/test/clock/set": "merchant-api",
  "POST /v1/test/clock/set/": "merchant-api",
  "POST /v1/test/clock/reset": "merchant-api",
  "POST /v1/test/clock/reset/": "merchant-api",
  "POST /v1/intention/": "merchant-api",
  "POST /v1/intention": "merchant-api",
  "PUT /v1/intention/:client_secret": "merchant-api",
  "PUT /v1/intention/:client_secret/": "merchant-api",
  "GET /v1/intention/element/:public_key/:client_secret/": "open", // the customer's public key and client secret
  "GET /v1/intention/element/:public_key/:client_secret": "open",
  "POST /api/ecommerce/payment-links": "merchant-api",
  "POST /api/ecommerce/payment-links/": "merchant-api",
  "POST /api/ecommerce/payment-links/cancel": "merchant-api",
  "POST /api/ecommerce/payment-links/cancel/": "merchant-api",
  "GET /api/acceptance/iframes/:iframe_id": "open", // the hosted payment page, by payment token
  "GET /api/acceptance/iframes/:iframe_id/": "open",
  "GET /unifiedcheckout/": "open",
  "GET /unifiedcheckout": "open",
  "GET /api/checkout/payment": "open",
  "GET /api/checkout/intention": "open",
  "POST /api/checkout/card": "open",
  "POST /api/checkout/3ds": "open",
  "POST /api/checkout/wallet": "open",
  "POST /api/checkout/kiosk": "open",
  "GET /api/checkout/products/:public_id": "open",
  "POST /api/checkout/products/:public_id/purchase": "open",
  "GET /checkout/iframes/:public_id": "open", // a published iframe, by its unguessable public id (iframes/)
  "GET /api/checkout/links/:token": "open", // a customer page, by its unguessable token (selling/links)
  // The lending collection page (lending/): a customer by national ID, rate limited; the balance asks its PIN.
  "POST /api/checkout/lending/lookup": "open",
  "POST /api/checkout/lending/card": "open",
  "POST /api/checkout/lending/balance": "open",
  "GET /api/checkout/requests/:token": "open", // a request to pay's customer page, by its token
  "POST /api/checkout/requests/:token/pay": "open", // its customer starts paying (request-to-pay/)
  "GET /api/images/:id": "open", // an uploaded logo or product image, by its unguessable id (images/)
  "POST /api/simulator/kiosk/pay": "open", // the acquirer simulator's test-mode counters (payments/simulator.ts)
  "POST /api/simulator/cash/collect": "open",
  // A terminal's own key (pos/terminal-payment.ts), never a session: pos.test.ts and the tenant matrix cover it.
  "POST /api/terminal/payments": "open",
  "GET /api/terminal/payments/:id": "open",
};

describe("permission matrix: every route x every kind of caller", () => {
  let db: TestDatabase & { drop(): Promise<void> };
  let app: FastifyInstance;
  let world: TenantWorld;
  let testOnly: TenantWorld;
  const callers: Caller[] = [];
  const staffWith = new Map<string, Caller>();

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    app = await buildTestApp(db.database);
    await app.ready();
    world = await tenantWorld(app);
    testOnly = await tenantWorld(app);
    const fx = fixtures(app.payments.db);
    // The test-only merchant has no live integration (demo: testonly.uae, view-only staff).
    await app.payments.db
      .updateTable("integrations")
      .set({ is_live: false })
      .where("merchant_id", "=", testOnly.merchantId)
      .execute();

    const add = async (
      label: string,
      user: FixtureUser | undefined,
      stored: PermissionName[] = [],
      temp = false,
    ) => {
      const caller: Caller = {
        label,
        profile: user?.profile_type ?? "none",
        permissions: user ? effectivePermissions(user.profile_type, stored) : new Set(),
        session: user ? await fx.session(user, temp ? "temp" : "full") : undefined,
        temp,
        user,
      };
      callers.push(caller);
      return caller;
    };
    await add("no credentials", undefined);
    await add("Merchant", world.owner);
    await add(
      "Merchant with a temporary password",
      await fx.user("Merchant", { merchantId: world.merchantId, isTempPassword: true }),
      [],
      true,
    );
    await add(
      "MerchantStaff without permissions",
      await fx.user("MerchantStaff", { merchantId: world.merchantId }),
    );
    const viewOnly: PermissionName[] = ["can view transactions", "can view orders"];
    await add(
      "test-only view staff",
      await fx.user("MerchantStaff", { merchantId: testOnly.merchantId, permissions: viewOnly }),
      viewOnly,
    );
    await add("Bank", world.bankUser);
    await add("BankStaff without permissions", await fx.user("BankStaff", { bankId: world.bankId }));
    await add("Terminal", world.terminalUser);
    await add("Partner", await fx.user("Partner"));
    // Staff with exactly one permission, and with every merchant permission but one, for each permission.
    for (const p of PERMISSIONS.map((x) => x.name)) {
      const only = await fx.user("MerchantStaff", { merchantId: world.merchantId, permissions: [p] });
      staffWith.set(`only ${p}`, await add(`MerchantStaff with only "${p}"`, only, [p]));
      const rest = MERCHANT_PERMISSIONS.filter((x) => x !== p);
      const allBut = await fx.user("MerchantStaff", { merchantId: world.merchantId, permissions: [...rest] });
      staffWith.set(`all but ${p}`, await add(`MerchantStaff with all but "${p}"`, allBut, [...rest]));
    }
    // Every user asks for a public API token with its password (each from its own address: the sign-in limits).
    for (const [i, c] of callers.entries()) {
      if (!c.user) continue;
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/tokens",
        payload: { username: c.user.username, password: c.user.password },
        remoteAddress: `10.77.${i >> 8}.${i & 255}`,
      });
      if (res.statusCode === 201) c.apiToken = res.json<{ token: string }>().token;
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** May this caller get a 2xx from this route? */
  function allowed(route: MatrixRoute, c: Caller): boolean {
    if (!c.session) return false;
    if (c.temp && !route.allowTempSession) return false;
    if (route.permission === null) return ANY_USER[routeKey(route)]!(c);
    // One permission, or a list of which the caller needs any one (POST /api/images).
    return (
      route.permission !== undefined &&
      rulePermissions(route.permission).every((p) => isPermissionName(p)) &&
      satisfiesRule(route.permission, c.permissions)
    );
  }

  it("places every route: a declared permission, a line in ANY_USER, or a line in PUBLIC_ROUTES", () => {
    const routes = appRoutes(app);
    expect(routes.length).toBeGreaterThan(90);
    const unplaced = routes
      .filter((r) =>
        r.public ? !(routeKey(r) in PUBLIC_ROUTES) : r.permission === null && !(routeKey(r) in ANY_USER),
      )
      .map(routeKey);
    expect(unplaced, "add these routes to ANY_USER or PUBLIC_ROUTES").toEqual([]);
    // Lines for routes that no longer exist would hide nothing, but they would lie: keep the tables true.
    // The merchant routes of the public API are exactly those declaring what a user's token needs.
    const apiRoutes = routes.filter((r) => r.public && r.apiPermission !== undefined).map(routeKey);
    expect(apiRoutes.sort()).toEqual(
      Object.keys(PUBLIC_ROUTES)
        .filter((k) => PUBLIC_ROUTES[k] === "merchant-api")
        .sort(),
    );
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys({ ...ANY_USER, ...PUBLIC_ROUTES }).filter((k) => !keys.has(k))).toEqual([]);
  });

  it("takes an image upload (POST /api/images) from payment links' or products' writers only, with a real file", async () => {
    // The loop below sends {} (never a 2xx here): this route, shared by payment links and products, gets a PNG.
    const route = appRoutes(app).find((r) => routeKey(r) === "POST /api/images")!;
    expect(route.permission).toEqual([
      "can create quick links",
      "can create products",
      "can update products",
    ]);
    const boundary = "----matrix7MA4YWxkTrZu0gW";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      solidPng(8, 8, [10, 120, 200]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const wrong: string[] = [];
    for (const c of callers) {
      const res = await app.inject({
        method: "POST",
        url: "/api/images?purpose=product",
        headers: {
          ...(c.session?.headers ?? {}),
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      if ((res.statusCode === 201) !== allowed(route, c)) wrong.push(`${c.label}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    const products = staffWith.get("only can create products")!;
    expect(allowed(route, products) && allowed(route, staffWith.get("only can update products")!)).toBe(true);
    expect(allowed(route, staffWith.get("only can view products")!)).toBe(false);
  });

  it("lets the owner and the staff holding a route's permission read the tenant's rows (the matrix's ids are real)", async () => {
    const view = staffWith.get("only can view transactions")!;
    for (const c of [callers[1]!, view]) {
      const res = await app.inject({
        url: `/api/transactions/${world.transactionId}`,
        headers: c.session!.headers,
      });
      expect(res.statusCode, c.label).toBe(200);
      expect(res.body).toContain(world.customerName);
    }
  });

  it("gives a public API token only to those the API is for: owners and staff who may see the API key", () => {
    const wrong = callers
      .filter((c) => c.user)
      .filter((c) => (c.apiToken !== undefined) !== mayUseApi(c))
      .map((c) => `${c.label}: ${c.apiToken ? "got a token" : "no token"}`);
    expect(wrong).toEqual([]);
    expect(callers.filter((c) => c.apiToken).length).toBeGreaterThan(10);
  });

  it("answers no caller a 2xx it should not get, on every dashboard and public-API route", async () => {
    const unexpected: string[] = [];
    let allowedSuccesses = 0;
    // Deletions last, so the rows stay for the routes that read them.
    const routes = appRoutes(app).sort(
      (a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"),
    );
    for (const route of routes) {
      const key = routeKey(route);
      if (route.public && PUBLIC_ROUTES[key] !== "merchant-api") continue;
      const url = fillUrl(route.url, world);
      for (const c of callers) {
        // A public-API route is tried with the session both ways a dashboard sends it, and with the user's API
        // token, which may do what the route's apiPermission says and the user holds.
        const ways: { headers: Record<string, string>; may: boolean }[] = route.public
          ? [
              ...[c.session?.headers, c.session?.bearer]
                .filter((h) => h !== undefined)
                .map((headers) => ({ headers, may: false })),
              ...(c.apiToken
                ? [
                    {
                      headers: { authorization: `Bearer ${c.apiToken}` },
                      may: route.apiPermission !== undefined && c.permissions.has(route.apiPermission),
                    },
                  ]
                : []),
            ]
          : [{ headers: c.session?.headers ?? {}, may: allowed(route, c) }];
        if (ways.length === 0) ways.push({ headers: {}, may: false });
        for (const { headers, may } of ways) {
          const res = await app.inject({
            method: route.method as "GET",
            url,
            headers,
            payload: payloadOf(route),
          });
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          if (ok && !may)
            unexpected.push(`${key} as ${c.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (ok && may) allowedSuccesses++;
        }
      }
    }
    expect(unexpected).toEqual([]);
    // The matrix is not vacuous: callers holding a route's permission do get through (ids of their own tenant).
    expect(allowedSuccesses).toBeGreaterThan(200);
  }, 300_000);
});

/** Bodies: state-changing routes get an empty JSON object (validation may refuse it; that is not a 2xx). */
function payloadOf(route: MatrixRoute): object | undefined {
  return route.method === "GET" || route.method === "DELETE" ? undefined : {};
}
