import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { storeImage } from "../images/images.service.ts";
import { solidPng } from "../images/png.ts";
import { seedLender } from "../lending/lending.seed.ts";
import {
  BILLING,
  createTestIntention,
  payCard,
  paymentTokenFor,
  SUCCESS_CARD,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { generateTerminalKey, terminalKeyHash } from "../pos/terminal-payment.ts";
import { requestToken } from "../request-to-pay/request-to-pay.service.ts";
import { tokenHash } from "../security/tokens.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";

/**
 * The hostile-input corpus (issue 10, principle 14): every public route of the app's route table, each field of
 * its params, query and body, with NUL, an unpaired surrogate, text over every documented length, a 1 MB string,
 * negative, zero and unsafe numbers, non-URLs, wrong types and a JSON object that is too large. Each answer must
 * be a 4xx with a message and write no row. Requests carry valid credentials and an otherwise valid body, so
 * the validation is what answers. A public route missing from REQUESTS fails the test.
 *
 * One app on one PGlite database keeps it to seconds; the statements it guards against fail the same way on
 * PostgreSQL, and the public API's own suites run on both.
 */

/** Tables a public request may write: counted before and after each field's corpus. */
const TABLES = [
  "orders",
  "transactions",
  "payment_keys",
  "payment_intentions",
  "payment_links",
  "idempotency_keys",
  "callback_jobs",
  "lending_payments",
  "card_tokens",
  "api_auth_tokens",
  "sessions",
  "password_tokens",
  "email_outbox",
  "refund_otps",
] as const;

/** A valid request to a route: the corpus changes one field at a time. */
interface BaseRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

type Kind = "text" | "number" | "boolean" | "url" | "json" | "list" | "any";

interface Field {
  /** Where it goes: path params, query string or JSON body. */
  part: "params" | "query" | "body";
  /** Keys from the part's root; numbers index arrays. */
  path: (string | number)[];
  kind: Kind;
}

// zod 4 keeps a schema's definition in _zod.def; only the few types the routes use are read.
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema that decides what a value is: past optional/nullable/default and preprocess/transform pipes. */
function core(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (
    def.innerType &&
    ["optional", "nullable", "default", "prefault", "catch", "readonly"].includes(def.type)
  )
    return core(def.innerType);
  if (def.type === "pipe" && def.in && def.out) {
    const out = defOf(def.out).type;
    return core(out === "transform" ? def.in : def.out);
  }
  return schema;
}

/** The leaves of a params/querystring/body schema, with a kind that picks their hostile values. */
function fieldsOf(part: Field["part"], schema: z.ZodType | undefined): Field[] {
  if (!schema) return [];
  const out: Field[] = [];
  const walk = (node: z.ZodType, path: (string | number)[]) => {
    const c = core(node);
    const def = defOf(c);
    const name = String(path.at(-1) ?? "");
    if (def.type === "object" && def.shape) {
      for (const [key, child] of Object.entries(def.shape)) walk(child, [...path, key]);
      return;
    }
    if (def.type === "array" && def.element) {
      out.push({ part, path, kind: "list" });
      const element = defOf(core(def.element));
      if (element.type === "object") walk(def.element, [...path, 0]);
      else out.push({ part, path: [...path, 0], kind: kindOf(element.type, name) });
      return;
    }
    out.push({ part, path, kind: kindOf(def.type, name) });
  };
  walk(schema, []);
  return out;
}

function kindOf(type: string, name: string): Kind {
  if (type === "string") return /_url$|^image$/.test(name) ? "url" : "text";
  if (type === "number" || type === "int") return "number";
  if (type === "boolean") return "boolean";
  if (type === "record") return "json";
  return "any";
}

const MEGABYTE = "x".repeat(1024 * 1024);
/** Longer than every documented text maximum (the longest is a URL's 2,048). */
const OVER_EVERY_MAXIMUM = "x".repeat(3000);
let deep: unknown = "leaf";
for (let i = 0; i < 40; i++) deep = { n: deep };

/** The hostile values of a kind; every kind also gets the wrong types. */
function corpus(kind: Kind): [string, unknown][] {
  const wrongTypes: [string, unknown][] = [
    ["an object", { a: 1 }],
    ["a list", ["1"]],
  ];
  const text: [string, unknown][] = [
    ["NUL", "ab\u0000cd"],
    ["an unpaired surrogate", "ab\ud800cd"],
    ["an escape character", "ab\u001b[31mcd"],
    ["3,000 characters", OVER_EVERY_MAXIMUM],
    ["1 MB", MEGABYTE],
  ];
  switch (kind) {
    case "text":
      return [...text, ...wrongTypes];
    case "url":
      return [
        ...text,
        ["javascript:", "javascript:alert(1)"],
        ["not a url", "not a url"],
        ["a relative path", "/return"],
        ["ftp:", "ftp://files.example.com/x"],
        ...wrongTypes,
      ];
    case "number":
      return [
        ["-1", -1],
        ["0", 0],
        ["2^53", 2 ** 53],
        ["1.5", 1.5],
        ['"-5"', "-5"],
        ["a word", "many"],
        ["NUL", "1\u0000"],
        ...wrongTypes,
      ];
    case "boolean":
      return [["a word", "maybe"], ["NUL", "\u0000"], ...wrongTypes];
    case "json":
      return [
        ["NUL in a value", { k: "a\u0000b" }],
        ["an unpaired surrogate in a key", { "k\udc00": 1 }],
        ["40 levels", deep],
        ["100 KB", { big: "x".repeat(100 * 1024) }],
        ["a list", [1]],
        ["a string", "text"],
      ];
    case "list":
      return [
        ["an object", { a: 1 }],
        ["1,000 entries", Array.from({ length: 1000 }, (_, i) => i + 1)],
      ];
    case "any":
      return [
        ["NUL", "ab\u0000cd"],
        ["an unpaired surrogate", "ab\ud800cd"],
        ["1 MB", MEGABYTE],
        ["an object", { a: 1 }],
      ];
  }
}

/**
 * Query strings and path params arrive percent-encoded: their corpus is the text one as a client can send it.
 * An unpaired surrogate cannot be sent this way (invalid UTF-8 bytes decode to U+FFFD, an ordinary character).
 */
function urlCorpus(kind: Kind): [string, string][] {
  const list: [string, string][] = [
    ["NUL", "ab%00cd"],
    ["an escape character", "ab%1Bcd"],
    ["3,000 characters", OVER_EVERY_MAXIMUM],
  ];
  if (kind === "number") list.push(["-1", "-1"], ["0", "0"], ["2^53", String(2 ** 53)], ["a word", "many"]);
  return list;
}

function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let node = copy;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) node[key] = value;
    else {
      const next = node[key];
      node[key] =
        typeof next === "object" && next !== null ? next : typeof path[i + 1] === "number" ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  }
  return copy;
}

function hasMessage(response: LightMyRequestResponse): boolean {
  // A provider-shaped {detail} or {field: [messages]}, or the portal's {detail, code, fields}: some text.
  try {
    const text = JSON.stringify(response.json());
    return /[A-Za-z]{3,}/.test(text);
  } catch {
    return false;
  }
}

describe("hostile-input corpus of every public route", () => {
  let current: (TestDatabase & { drop(): Promise<void> }) | undefined;
  let app: FastifyInstance;
  let m: TestMerchant;
  const REQUESTS = new Map<string, BaseRequest>();

  const countRows = async (): Promise<Record<string, number>> => {
    const select = TABLES.map((t) => `(select count(*) from ${t})::int as ${t}`).join(", ");
    const { rows } = await sql.raw<Record<string, number>>(`select ${select}`).execute(app.payments.db);
    return rows[0]!;
  };

  beforeAll(async () => {
    current = await createTestDatabase("pglite");
    app = await buildTestApp(current.database);
    m = await testMerchant(app, { redirectUrl: "https://merchant.example/return" });
    const db = app.payments.db;
    const secret = { authorization: `Token ${m.keys.secretKeyTest}` };
    const authToken = (
      await app.inject({ method: "POST", url: "/api/auth/tokens", payload: { api_key: m.keys.apiKey } })
    ).json().token as string;
    const bearer = { authorization: `Bearer ${authToken}` };
    const card = await paymentTokenFor(app, m, m.integrations.card);
    const paid = await paymentTokenFor(app, m, m.integrations.card);
    const paidAnswer = (await payCard(app, paid.token)).json();
    const paidTx = paidAnswer.transaction.id as number;
    const wallet = await paymentTokenFor(app, m, m.integrations.wallet);
    const kiosk = await paymentTokenFor(app, m, m.integrations.kiosk);
    const cash = await paymentTokenFor(app, m, m.integrations.cash);
    const intention = await createTestIntention(app, m);
    const link = await app.inject({
      method: "POST",
      url: "/api/ecommerce/payment-links",
      headers: bearer,
      payload: { amount_cents: 10000, payment_methods: [m.integrations.card], is_live: false },
    });
    const publicKey = m.keys.publicKeyTest;
    const owner = await db
      .selectFrom("users")
      .select("username")
      .where("id", "=", m.ownerId)
      .executeTakeFirstOrThrow();

    const item = { name: "Smart Watch", amount: 10000, description: "A watch", quantity: 1 };
    REQUESTS.set("POST /api/auth/tokens", { body: { api_key: m.keys.apiKey, expiration: 3600 } });
    REQUESTS.set("POST /api/ecommerce/orders", {
      headers: bearer,
      body: {
        delivery_needed: false,
        amount_cents: 10000,
        currency: "EGP",
        merchant_order_id: "corpus-order",
        items: [{ name: "Smart Watch", amount_cents: 10000, description: "A watch", quantity: 1 }],
        shipping_data: { ...BILLING },
      },
    });
    REQUESTS.set("GET /api/ecommerce/orders/:order_id", {
      headers: bearer,
      params: { order_id: card.orderId },
    });
    REQUESTS.set("POST /api/acceptance/payment_keys", {
      headers: bearer,
      body: {
        amount_cents: 10000,
        expiration: 3600,
        order_id: card.orderId,
        currency: "EGP",
        integration_id: m.integrations.card,
        lock_order_when_paid: "false",
        billing_data: { ...BILLING, extra_description: "Ring twice" },
      },
    });
    REQUESTS.set("POST /api/acceptance/payments/pay", {
      body: { source: { identifier: "01010101010", subtype: "WALLET" }, payment_token: wallet.token },
    });
    for (const path of ["/api/acceptance/void_refund/refund", "/api/acceptance/capture"])
      REQUESTS.set(`POST ${path}`, { headers: secret, body: { transaction_id: paidTx, amount_cents: 100 } });
    REQUESTS.set("POST /api/acceptance/void_refund/void", {
      headers: secret,
      body: { transaction_id: paidTx },
    });
    REQUESTS.set("GET /api/acceptance/transactions/:transaction_id", {
      headers: bearer,
      params: { transaction_id: paidTx },
    });
    REQUESTS.set("POST /api/ecommerce/orders/transaction_inquiry", {
      headers: bearer,
      body: { order_id: paid.orderId, merchant_order_id: "corpus-inquiry" },
    });
    REQUESTS.set("POST /api/acceptance/order_card_tokens", {
      headers: bearer,
      body: { order_id: paid.orderId },
    });
    REQUESTS.set("POST /v1/intention/", {
      headers: secret,
      body: {
        amount: 10000,
        currency: "EGP",
        payment_methods: [m.integrations.card],
        items: [{ ...item, image: "https://shop.example/watch.png" }],
        billing_data: BILLING,
        customer: { first_name: "Ahmed", last_name: "Hassan", email: "ahmed@example.com" },
        extras: { ee: 22 },
        special_reference: "corpus-intention",
        expiration: 3600,
        notification_url: "https://merchant.example/notify",
        redirection_url: "https://merchant.example/return",
        card_tokens: [],
      },
    });
    REQUESTS.set("PUT /v1/intention/:client_secret", {
      headers: secret,
      params: { client_secret: intention.client_secret },
      body: {
        accept_order_id: intention.intention_order_id,
        amount: 10000,
        payment_methods: [m.integrations.card],
        items: [item],
        billing_data: BILLING,
        extras: { ee: 23 },
        special_reference: "corpus-update",
        expiration: 3600,
        notification_url: "https://merchant.example/notify",
        redirection_url: "https://merchant.example/return",
      },
    });
    REQUESTS.set("GET /v1/intention/element/:public_key/:client_secret/", {
      params: { public_key: publicKey, client_secret: intention.client_secret },
    });
    REQUESTS.set("POST /api/ecommerce/payment-links", {
      headers: bearer,
      body: {
        amount_cents: 10000,
        payment_methods: [m.integrations.card],
        is_live: false,
        full_name: "Ahmed Hassan",
        email: "ahmed@example.com",
        phone_number: "+201000000000",
        description: "Invoice 17",
        reference_id: "corpus-link",
        notification_url: "https://merchant.example/notify",
        redirection_url: "https://merchant.example/return",
        expires_at: "2099-01-01T00:00:00Z",
      },
    });
    REQUESTS.set("POST /api/ecommerce/payment-links/cancel", {
      headers: bearer,
      body: { payment_link_id: link.json().id },
    });
    const product = await db
      .insertInto("products")
      .values({
        public_id: "corpus-product",
        merchant_id: m.merchantId,
        is_live: false,
        name: "Corpus mug",
        price_cents: 1000,
        currency: "EGP",
        inventory: 1000,
        allow_quantity_edit: true,
        integration_ids: [m.integrations.card],
      })
      .returning("public_id")
      .executeTakeFirstOrThrow();
    REQUESTS.set("GET /api/checkout/products/:public_id", { params: { public_id: product.public_id } });
    REQUESTS.set("POST /api/checkout/products/:public_id/purchase", {
      params: { public_id: product.public_id },
      body: { quantity: 1, integration_id: m.integrations.card },
    });
    const linkRow = await db
      .selectFrom("payment_links")
      .select("public_token")
      .where("id", "=", link.json().id)
      .executeTakeFirstOrThrow();
    REQUESTS.set("GET /api/checkout/links/:token", { params: { token: linkRow.public_token } });
    // A request to pay whose customer enters the tip (request-to-pay/): its page and its pay start.
    const requestSalt = "hostile-input-corpus";
    const requestTokenValue = requestToken(app.payments.dataKey, requestSalt);
    await db
      .insertInto("request_to_pay")
      .values({
        merchant_id: m.merchantId,
        is_live: false,
        salt: requestSalt,
        token_hash: tokenHash(requestTokenValue),
        amount_cents: 1000,
        currency: "EGP",
        mob_num: "01000000001",
        tip_type: "consumer",
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    REQUESTS.set("GET /api/checkout/requests/:token", { params: { token: requestTokenValue } });
    REQUESTS.set("POST /api/checkout/requests/:token/pay", {
      params: { token: requestTokenValue },
      body: { tip: "1.50" },
    });
    // A lender's customer with an open loan (lending/): its lookup, card start and balance payment.
    await seedLender(
      db,
      app.payments.dataKey,
      {
        merchantId: m.merchantId,
        integrationId: m.integrations.card,
        publicId: "corpus-lender",
        currency: "EGP",
        now: new Date(),
      },
      [
        {
          national_id: "29001011234567",
          pin: "1234",
          balance_cents: 10_000_000,
          loans: [
            {
              reference: "CORPUS-LOAN",
              service_name: "Corpus loan",
              amount_cents: 1_200_000,
              instalment_cents: 100_000,
              fee_cents: 1_500,
              instalments_total: 12,
            },
          ],
        },
      ],
    );
    const lending = { lender: "corpus-lender", national_id: "29001011234567" };
    const instalment = { ...lending, reference: "CORPUS-LOAN", instalment_no: 1 };
    REQUESTS.set("POST /api/checkout/lending/lookup", { body: lending });
    REQUESTS.set("POST /api/checkout/lending/card", { body: instalment });
    REQUESTS.set("POST /api/checkout/lending/balance", { body: { ...instalment, pin: "1234" } });
    const image = await storeImage(db, m.merchantId, {
      bytes: solidPng(4, 4, [1, 2, 3]),
      name: "corpus.png",
    });
    REQUESTS.set("GET /api/images/:id", { params: { id: image.id } });
    // Registration and growth (docs/onboarding.md): a stranger's routes.
    REQUESTS.set("POST /api/auth/register", {
      headers: { host: "portal.example.com" },
      body: {
        full_name: "Corpus Owner",
        company_name: "Corpus Store",
        email: "corpus.owner@example.com",
        phone: "+201011112222",
        password: "Corpus-Pa55word!",
        confirm_password: "Corpus-Pa55word!",
        lang: "en",
      },
    });
    REQUESTS.set("POST /api/auth/register/confirm", { body: { token: "corpus-token" } });
    REQUESTS.set("POST /api/auth/register/resend", {
      body: { email: "corpus.owner@example.com", lang: "en" },
    });
    REQUESTS.set("GET /api/growth/codes/:code", { params: { code: "CORPUS01" } });
    // The sandbox's test helpers (docs/payments.md "Test helpers"), with the test secret key.
    REQUESTS.set("POST /v1/test/intentions/:client_secret/complete", {
      headers: secret,
      params: { client_secret: intention.client_secret },
      body: { scenario: "approved" },
    });
    REQUESTS.set("POST /v1/test/payment_keys/complete", {
      headers: secret,
      body: { payment_token: card.token, scenario: "approved" },
    });
    REQUESTS.set("GET /v1/test/deliveries", { headers: secret, query: { limit: "10" } });
    REQUESTS.set("POST /v1/test/deliveries/:id/replay", { headers: secret, params: { id: 1 } });
    REQUESTS.set("POST /v1/test/deliveries/pending/:id/cancel", { headers: secret, params: { id: 1 } });
    REQUESTS.set("POST /v1/test/faults", {
      headers: secret,
      body: { route: "POST /v1/intention/", status: 500, body: { detail: "corpus" } },
    });
    REQUESTS.set("POST /v1/test/clock/advance", { headers: secret, body: { seconds: 60 } });
    REQUESTS.set("POST /v1/test/clock/set", { headers: secret, body: { now: "2099-01-01T00:00:00Z" } });
    REQUESTS.set("GET /api/checkout/payment", { query: { payment_token: card.token } });
    REQUESTS.set("GET /api/checkout/intention", {
      query: { public_key: publicKey, client_secret: intention.client_secret },
    });
    REQUESTS.set("POST /api/checkout/card", {
      body: { payment_token: card.token, ...SUCCESS_CARD, installment_months: 1, save_card: false },
    });
    REQUESTS.set("POST /api/checkout/3ds", {
      body: { payment_token: card.token, challenge_id: "corpus-challenge", otp: "123456" },
    });
    REQUESTS.set("POST /api/checkout/wallet", {
      body: { payment_token: wallet.token, transaction_id: paidTx, mpin: "123456", otp: "123456" },
    });
    REQUESTS.set("POST /api/checkout/kiosk", { body: { payment_token: kiosk.token } });
    REQUESTS.set("POST /api/simulator/kiosk/pay", { body: { bill_reference: "corpus-reference" } });
    REQUESTS.set("POST /api/simulator/cash/collect", {
      body: { payment_token: cash.token, transaction_id: paidTx },
    });
    REQUESTS.set("POST /api/auth/login", {
      body: { username: owner.username, password: "Fixture-Pa55word" },
    });
    REQUESTS.set("POST /api/auth/forgot_password", { body: { email: "owner@example.com" } });
    REQUESTS.set("POST /api/auth/reset_password", {
      body: { token: "corpus-reset-token", new_password: "Corpus-Pa55word!" },
    });
    REQUESTS.set("POST /api/auth/reactivate", { body: { token: "corpus-reactivation-token" } });
    REQUESTS.set("POST /api/auth/activate_staff", {
      body: { token: "corpus-activation-token", new_password: "Corpus-Pa55word!" },
    });
    REQUESTS.set("POST /api/auth/activate_staff/check", { body: { token: "corpus-activation-token" } });
    REQUESTS.set("GET /api/acceptance/iframes/:iframe_id", {
      params: { iframe_id: 1 },
      query: { payment_token: card.token },
    });
    REQUESTS.set("GET /unifiedcheckout/", {
      query: { publicKey, clientSecret: intention.client_secret },
    });
    // The terminal API (pos/): a terminal of the merchant with its own test key.
    const terminal = await db
      .insertInto("terminals")
      .values({ merchant_id: m.merchantId, terminal_code: `T-corpus-${m.merchantId}`, branch_name: "Corpus" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const terminalKey = generateTerminalKey("EGY", false);
    await db
      .insertInto("terminal_keys")
      .values({
        terminal_id: terminal.id,
        merchant_id: m.merchantId,
        is_live: false,
        key_hash: terminalKeyHash(app.payments.dataKey, terminalKey.key),
        key_prefix: terminalKey.prefix,
      })
      .execute();
    const terminalAuth = { authorization: `Terminal ${terminalKey.key}` };
    REQUESTS.set("POST /api/terminal/payments", {
      headers: terminalAuth,
      body: {
        amount_cents: 1000,
        currency: "EGP",
        card: { pan: SUCCESS_CARD.pan, expiry_month: 12, expiry_year: 2039, card_holder: "Corpus Holder" },
        entry_mode: "chip",
        merchant_order_id: "corpus-pos-order",
      },
    });
    REQUESTS.set("GET /api/terminal/payments/:id", { headers: terminalAuth, params: { id: paidTx } });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await current?.drop();
  });

  /** The url of a request, with `override` replacing one param or query value (already percent-encoded). */
  function urlOf(
    url: string,
    base: BaseRequest,
    override?: { part: "params" | "query"; key: string; raw: string },
  ): string {
    const path = url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
      override?.part === "params" && override.key === name
        ? override.raw
        : encodeURIComponent(String(base.params?.[name] ?? "")),
    );
    const query = Object.entries(base.query ?? {}).map(([k, v]) =>
      override?.part === "query" && override.key === k
        ? `${k}=${override.raw}`
        : `${k}=${encodeURIComponent(v)}`,
    );
    if (override?.part === "query" && !(override.key in (base.query ?? {})))
      query.push(`${override.key}=${override.raw}`);
    return query.length ? `${path}?${query.join("&")}` : path;
  }

  function publicRoutes() {
    // The API documentation's own pages are public by prefix and take no input of ours.
    return app.routeTable.filter((r) => r.config.public && !r.hidden && !r.url.startsWith("/api/docs"));
  }

  function fieldsOfRoute(route: (typeof app.routeTable)[number]): Field[] {
    const schema = (route.schema ?? {}) as Record<string, z.ZodType | undefined>;
    return [
      ...fieldsOf("params", schema.params),
      ...fieldsOf("query", schema.querystring),
      ...fieldsOf("body", schema.body),
    ];
  }

  it("has a valid request for every public route that takes input", () => {
    const missing = publicRoutes()
      .filter((r) => fieldsOfRoute(r).length > 0 && !REQUESTS.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, "add a valid request for these routes to REQUESTS").toEqual([]);
    // A public route that takes a body declares its schema, so the body is bounded and the corpus reaches it.
    const unchecked = publicRoutes()
      .filter((r) => ["POST", "PUT", "PATCH"].includes(r.method) && !(r.schema as { body?: unknown })?.body)
      .map((r) => `${r.method} ${r.url}`);
    expect(unchecked, "public routes that take a body without a schema").toEqual([]);
  });

  it("answers every hostile value with a 4xx and a message, and writes nothing", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of publicRoutes()) {
      const name = `${route.method} ${route.url}`;
      const base = REQUESTS.get(name);
      const fields = fieldsOfRoute(route);
      if (!base || fields.length === 0) continue;
      for (const field of fields) {
        const before = await countRows();
        const attempts: [string, () => Promise<LightMyRequestResponse>][] =
          field.part === "body"
            ? corpus(field.kind).map(([label, value]) => [
                label,
                () =>
                  app.inject({
                    method: route.method as "POST",
                    url: urlOf(route.url, base),
                    headers: base.headers ?? {},
                    payload: withValue(base.body, field.path, value) as Record<string, unknown>,
                  }),
              ])
            : urlCorpus(field.kind).map(([label, raw]) => [
                label,
                () =>
                  app.inject({
                    method: route.method as "GET",
                    url: urlOf(route.url, base, {
                      part: field.part as "params" | "query",
                      key: String(field.path[0]),
                      raw,
                    }),
                    headers: base.headers ?? {},
                    ...(base.body ? { payload: base.body } : {}),
                  }),
              ]);
        for (const [label, send] of attempts) {
          const response = await send();
          sent++;
          const where = `${name} ${field.part}.${field.path.join(".")} = ${label}`;
          if (response.statusCode < 400 || response.statusCode >= 500)
            failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 160)}`);
          else if (!hasMessage(response)) failures.push(`${where}: ${response.statusCode} without a message`);
        }
        const after = await countRows();
        const written = TABLES.filter((t) => after[t] !== before[t]);
        if (written.length > 0)
          failures.push(`${name} ${field.part}.${field.path.join(".")}: wrote rows in ${written.join(", ")}`);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 120_000);

  /** The base request of a route with `change` merged into its body. */
  const send = (route: string, change: Record<string, unknown>) => {
    const base = REQUESTS.get(route)!;
    const [method, url] = route.split(" ") as ["POST", string];
    return app.inject({
      method,
      url: urlOf(url, base),
      headers: base.headers ?? {},
      payload: { ...base.body, ...change },
    });
  };

  it("refuses the review's requests with 400 and the field's message (they were 500s or accepted)", async () => {
    const before = await countRows();
    const orders = "POST /api/ecommerce/orders";
    const cases: [string, Record<string, unknown>, string, string][] = [
      [orders, { merchant_order_id: "a\u0000b" }, "merchant_order_id", "Must not contain NUL"],
      [orders, { merchant_order_id: "a\ud800b" }, "merchant_order_id", "unpaired surrogates"],
      [orders, { merchant_order_id: "x".repeat(2800) }, "merchant_order_id", "no more than 255 characters"],
      [orders, { amount_cents: 2 ** 53 - 1 }, "amount_cents", "less than or equal to 10000000000"],
      [orders, { amount_cents: 0 }, "amount_cents", "greater than or equal to 1"],
      [
        orders,
        { items: [{ name: "Watch", amount_cents: 100, quantity: -1 }] },
        "items",
        "greater than or equal to 1",
      ],
      [
        orders,
        { items: [{ name: "Watch", amount_cents: 100, description: "d".repeat(2000) }] },
        "items",
        "no more than 1000 characters",
      ],
      [
        orders,
        {
          items: Array.from({ length: 100 }, (_, i) => ({
            name: `Line ${i}`,
            amount_cents: 10_000_000_000,
            quantity: 1_000_000,
          })),
        },
        "items",
        "Item 1: amount_cents × quantity must be less than or equal to 10000000000",
      ],
      [
        orders,
        {
          items: [
            { name: "One", amount_cents: 6_000_000_000, quantity: 1 },
            { name: "Two", amount_cents: 3_000_000_000, quantity: 2 },
          ],
        },
        "items",
        "The items' total (amount_cents × quantity) must be less than or equal to 10000000000",
      ],
      ["POST /v1/intention/", { expiration: -60 }, "expiration", "greater than or equal to 1"],
      ["POST /v1/intention/", { notification_url: "javascript:alert(1)" }, "notification_url", "valid URL"],
      ["POST /v1/intention/", { redirection_url: "not a url" }, "redirection_url", "valid URL"],
      ["POST /v1/intention/", { extras: { note: "\u0000" } }, "extras", "Must not contain NUL"],
      ["POST /v1/intention/", { special_reference: "\ud800" }, "special_reference", "unpaired surrogates"],
      [
        "POST /api/ecommerce/payment-links",
        { notification_url: "javascript:x" },
        "notification_url",
        "valid URL",
      ],
      [
        "POST /api/acceptance/payments/pay",
        { source: { identifier: "", subtype: "WALLET" } },
        "source",
        "valid wallet number",
      ],
      [
        "POST /api/ecommerce/orders/transaction_inquiry",
        { order_id: undefined, merchant_order_id: "a\u0000" },
        "merchant_order_id",
        "Must not contain NUL",
      ],
    ];
    for (const [route, change, field, message] of cases) {
      const response = await send(route, change);
      expect(response.statusCode, `${route} ${JSON.stringify(change).slice(0, 80)}`).toBe(400);
      expect(JSON.stringify(response.json()[field]), route).toContain(message);
    }
    // A 900 KB body is refused before it is read whole.
    const huge = await send(orders, { merchant_order_id: "x".repeat(900 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toEqual(expect.any(String));
    expect(await countRows()).toEqual(before);
  });

  it("still accepts Arabic, emoji, multi-line descriptions and the largest amount", async () => {
    const response = await send("POST /api/ecommerce/orders", {
      amount_cents: 10_000_000_000,
      merchant_order_id: "طلب-١٧ 😀",
      items: [
        { name: "ساعة ذكية", amount_cents: 5_000_000_000, description: "line 1\nline 2\tend", quantity: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ amount_cents: 10_000_000_000, merchant_order_id: "طلب-١٧ 😀" });
    const wallet = await send("POST /api/acceptance/payments/pay", {});
    expect(wallet.statusCode, wallet.body).toBe(200);
  });
});
