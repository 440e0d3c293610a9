import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Insertable } from "kysely";
import type { IntegrationsTable } from "../db/schema.ts";
import { issueMerchantKeys, type MerchantKeys } from "../security/keys.ts";
import { fixtures, unique } from "../test/fixtures.ts";

/**
 * Test set-up for the payment core: a merchant with keys, an owner user and integrations of every kind, and a
 * local HTTP receiver for callbacks. Used by the payment, public API, checkout and callback tests.
 */

export interface TestMerchant {
  merchantId: number;
  ownerId: number;
  keys: MerchantKeys;
  integrations: {
    card: number;
    moto: number;
    auth: number;
    wallet: number;
    kiosk: number;
    cash: number;
    valu: number;
    liveCard: number;
  };
}

export async function testMerchant(
  app: FastifyInstance,
  opts: {
    country?: "EGY" | "OMN" | "ARE" | "SAU" | "PAK";
    callbackUrl?: string;
    redirectUrl?: string;
    retrial?: boolean;
  } = {},
): Promise<TestMerchant> {
  const db = app.payments.db;
  const fx = fixtures(db);
  const country = opts.country ?? "EGY";
  const currency = { EGY: "EGP", OMN: "OMR", ARE: "AED", SAU: "SAR", PAK: "PKR" }[country];
  const owner = await fx.user("Merchant", { country });
  const merchantId = owner.merchant_id!;
  await db.updateTable("merchants").set({ is_live: true }).where("id", "=", merchantId).execute();
  const keys = await issueMerchantKeys(db, merchantId, { country, dataKey: app.payments.dataKey });
  const integration = async (o: Partial<Insertable<IntegrationsTable>>) =>
    (
      await fx.integration(merchantId, {
        currency,
        is_live: false,
        processed_callback_url: opts.callbackUrl ?? null,
        response_callback_url: opts.redirectUrl ?? null,
        auto_callback_retrial: opts.retrial ?? false,
        name: unique("Integration "),
        ...o,
      })
    ).id;
  return {
    merchantId,
    ownerId: owner.id,
    keys,
    integrations: {
      card: await integration({ type: "online", gateway_type: "VPC" }),
      moto: await integration({ type: "moto", gateway_type: "VPC" }),
      auth: await integration({ type: "online", gateway_type: "VPC", is_auth: true }),
      wallet: await integration({ type: "vodafone", gateway_type: "UIG" }),
      kiosk: await integration({ type: "online", gateway_type: "CAGG" }),
      cash: await integration({ type: "cash", gateway_type: "CASH" }),
      valu: await integration({ type: "installments", gateway_type: "VALU" }),
      liveCard: await integration({ type: "online", gateway_type: "VPC", is_live: true }),
    },
  };
}

export const BILLING = {
  apartment: "dumy",
  first_name: "Ahmed",
  last_name: "Hassan",
  street: "dumy",
  building: "dumy",
  phone_number: "+201000000000",
  city: "Cairo",
  country: "EGY",
  email: "ahmed@example.com",
  floor: "dumy",
  state: "dumy",
};

export const SUCCESS_CARD = {
  card_holder: "Test Account",
  pan: "5123456789012346",
  expiry_month: 1,
  expiry_year: 39,
  cvv: "123",
};

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** Creates an intention with the merchant's test secret key and answers its body. */
export async function createTestIntention(
  app: FastifyInstance,
  m: TestMerchant,
  body: Record<string, unknown> = {},
): Promise<
  Record<string, unknown> & {
    payment_keys: { integration: number; key: string }[];
    client_secret: string;
    intention_order_id: number;
  }
> {
  const response = await app.inject({
    method: "POST",
    url: "/v1/intention/",
    headers: { authorization: `Token ${m.keys.secretKeyTest}` },
    payload: {
      amount: 10000,
      currency: "EGP",
      payment_methods: [m.integrations.card],
      items: [{ name: "Item", amount: 10000, description: "d", quantity: 1 }],
      billing_data: BILLING,
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`intention: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A token for a payment with the given integration (intention with that one method). */
export async function paymentTokenFor(
  app: FastifyInstance,
  m: TestMerchant,
  integrationId: number,
  body: Record<string, unknown> = {},
): Promise<{ token: string; orderId: number; clientSecret: string }> {
  const intention = await createTestIntention(app, m, { payment_methods: [integrationId], ...body });
  return {
    token: intention.payment_keys[0]!.key,
    orderId: intention.intention_order_id,
    clientSecret: intention.client_secret,
  };
}

export async function payCard(
  app: FastifyInstance,
  token: string,
  card: Partial<typeof SUCCESS_CARD> & Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/checkout/card",
    headers,
    payload: { payment_token: token, ...SUCCESS_CARD, ...card },
  });
}

export interface ReceivedCallback {
  method: string;
  url: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server that records what it receives and answers with `status()`. */
export async function callbackReceiver(status: (n: number) => number = () => 200) {
  const received: ReceivedCallback[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      res.statusCode = status(received.length);
      res.end(res.statusCode < 300 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
