import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signTransaction } from "../callbacks/hmac.ts";
import {
  BILLING,
  createTestIntention,
  payCard,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { tokenHash } from "../security/tokens.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";

/**
 * Contract tests of the provider-compatible public API, with the request shapes of the provider's published
 * collections (our own fixtures): paths with and without the trailing slash, ids as strings, the answers'
 * fields, status codes and error shapes.
 */
describeEachDatabase("public API contract", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let authToken: string;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app, { redirectUrl: "https://merchant.example/return" });
    authToken = (
      await app.inject({ method: "POST", url: "/api/auth/tokens", payload: { api_key: m.keys.apiKey } })
    ).json().token;
  });
  afterAll(() => app.close());

  const bearer = () => ({ authorization: `Bearer ${authToken}` });
  const secret = () => ({ authorization: `Token ${m.keys.secretKeyTest}` });

  describe("POST /api/auth/tokens", () => {
    it("exchanges the API key for a token and the merchant's profile", async () => {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/tokens",
        payload: { api_key: m.keys.apiKey, expiration: 999999999999 },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.token).toEqual(expect.any(String));
      expect(body.profile).toMatchObject({ id: m.merchantId, profile_type: "Merchant" });
    });

    it("answers 403 incorrect credentials for a wrong key, 400 without one", async () => {
      const wrong = await app.inject({
        method: "POST",
        url: "/api/auth/tokens/",
        payload: { api_key: "nope" },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ detail: "incorrect credentials" });
      const missing = await app.inject({ method: "POST", url: "/api/auth/tokens", payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ api_key: ["This field is required."] });
    });

    it("accepts the merchant's username and password instead", async () => {
      const owner = await app.payments.db
        .selectFrom("users")
        .select("username")
        .where("id", "=", m.ownerId)
        .executeTakeFirstOrThrow();
      const ok = await app.inject({
        method: "POST",
        url: "/api/auth/tokens",
        payload: { username: owner.username, password: "Fixture-Pa55word" },
      });
      expect(ok.statusCode).toBe(201);
      const bad = await app.inject({
        method: "POST",
        url: "/api/auth/tokens",
        payload: { username: owner.username, password: "wrong" },
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ detail: "Can not create token" });
    });

    it("stops accepting a token after it expires, and a recreated API key at once", async () => {
      const { token } = (
        await app.inject({ method: "POST", url: "/api/auth/tokens", payload: { api_key: m.keys.apiKey } })
      ).json();
      await app.payments.db
        .updateTable("api_auth_tokens")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("id", "=", tokenHash(token))
        .execute();
      const response = await app.inject({
        method: "POST",
        url: "/api/ecommerce/orders",
        headers: { authorization: `Bearer ${token}` },
        payload: { amount_cents: 100, currency: "EGP" },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: "Invalid token." });
    });
  });

  describe("legacy flow: orders, payment keys, iframe", () => {
    it("creates an order from the reference body (strings for numbers) with and without the slash", async () => {
      for (const url of ["/api/ecommerce/orders", "/api/ecommerce/orders/"]) {
        const response = await app.inject({
          method: "POST",
          url,
          payload: {
            auth_token: authToken,
            delivery_needed: "false",
            amount_cents: "10000",
            currency: "EGP",
            items: [{ name: "ASC1515", amount_cents: "5000", description: "Smart Watch", quantity: "2" }],
            shipping_data: { ...BILLING, postal_code: "01898" },
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({
          id: expect.any(Number),
          amount_cents: 10000,
          currency: "EGP",
          delivery_needed: false,
          paid_amount_cents: 0,
          payment_method: "tbc",
          api_source: "OTHER",
          is_payment_locked: false,
          merchant: { id: m.merchantId },
          items: [{ name: "ASC1515", amount_cents: 5000, quantity: 2 }],
          shipping_data: { first_name: "Ahmed", postal_code: "01898" },
        });
      }
    });

    it("answers 422 duplicate for a reused merchant_order_id and 401 without credentials", async () => {
      const payload = { amount_cents: 100, currency: "EGP", merchant_order_id: `dup-${m.merchantId}` };
      expect(
        (await app.inject({ method: "POST", url: "/api/ecommerce/orders", headers: bearer(), payload }))
          .statusCode,
      ).toBe(201);
      const again = await app.inject({
        method: "POST",
        url: "/api/ecommerce/orders",
        headers: bearer(),
        payload,
      });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({ message: "duplicate" });
      const anonymous = await app.inject({ method: "POST", url: "/api/ecommerce/orders", payload });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: "Authentication credentials were not provided." });
    });

    it("issues a payment key, opens the iframe URL and pays; the order takes the integration's mode", async () => {
      const order = (
        await app.inject({
          method: "POST",
          url: "/api/ecommerce/orders",
          headers: bearer(),
          payload: { amount_cents: 2500, currency: "EGP", merchant_order_id: `legacy-${Date.now()}` },
        })
      ).json();
      const key = await app.inject({
        method: "POST",
        url: "/api/acceptance/payment_keys",
        payload: {
          auth_token: authToken,
          amount_cents: "2500",
          expiration: 3600,
          order_id: String(order.id),
          billing_data: BILLING,
          currency: "EGP",
          integration_id: String(m.integrations.card),
          lock_order_when_paid: "true",
        },
      });
      expect(key.statusCode, key.body).toBe(201);
      const token = key.json().token;
      const iframe = await app.inject({
        url: `/api/acceptance/iframes/777?payment_token=${encodeURIComponent(token)}`,
      });
      expect(iframe.statusCode).toBe(302);
      const location = new URL(iframe.headers.location as string, "http://x");
      expect(location.pathname).toBe("/checkout/pay");
      expect(location.searchParams.get("payment_token")).toBe(token);
      expect(location.searchParams.get("iframe_id")).toBe("777");
      expect((await payCard(app, token)).json().transaction.success).toBe(true);
      const stored = await app.inject({ url: `/api/ecommerce/orders/${order.id}`, headers: bearer() });
      expect(stored.json()).toMatchObject({ paid_amount_cents: 2500, is_payment_locked: true });
    });

    it("refuses an unknown integration (404), a wrong currency (400) and a missing billing field (400)", async () => {
      const order = (
        await app.inject({
          method: "POST",
          url: "/api/ecommerce/orders",
          headers: bearer(),
          payload: { amount_cents: 100, currency: "EGP" },
        })
      ).json();
      const base = {
        amount_cents: 100,
        order_id: order.id,
        billing_data: BILLING,
        integration_id: m.integrations.card,
      };
      const post = (payload: Record<string, unknown>) =>
        app.inject({ method: "POST", url: "/api/acceptance/payment_keys", headers: bearer(), payload });
      expect((await post({ ...base, integration_id: 99999999 })).statusCode).toBe(404);
      expect((await post({ ...base, currency: "USD" })).statusCode).toBe(400);
      const { email: _email, ...noEmail } = BILLING;
      const missing = await post({ ...base, billing_data: noEmail });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ billing_data: { email: ["This field is required."] } });
    });
  });

  describe("Intention API", () => {
    it("creates an intention from the collection's body and answers the provider's fields", async () => {
      const response = await app.inject({
        method: "POST",
        url: "/v1/intention/",
        headers: secret(),
        payload: {
          amount: 1000,
          currency: "EGP",
          payment_methods: [m.integrations.card, m.integrations.wallet],
          items: [
            { name: "Item name", amount: 500, description: "Item description", quantity: 1 },
            { name: "Item name", amount: 500, description: "Item description", quantity: 1 },
          ],
          billing_data: BILLING,
          extras: { ee: 22 },
          special_reference: `ref-${Date.now()}`,
          notification_url: "https://merchant.example/hook",
          redirection_url: "https://merchant.example/return",
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        id: expect.stringMatching(/^pi_test_[0-9a-f]{32}$/),
        client_secret: expect.stringMatching(/^egy_csk_test_[0-9a-f]{32}$/),
        intention_order_id: expect.any(Number),
        redirection_url: "https://merchant.example/return",
        intention_detail: { amount: 1000, currency: "EGP", billing_data: { first_name: "Ahmed" } },
        payment_methods: [
          {
            integration_id: m.integrations.card,
            name: "card",
            method_type: "online",
            currency: "EGP",
            live: false,
          },
          { integration_id: m.integrations.wallet, name: "wallet" },
        ],
        extras: { creation_extras: { ee: 22 }, confirmation_extras: null },
        confirmed: false,
        status: "intended",
        card_tokens: [],
        object: "paymentintention",
      });
      expect(body.payment_keys).toHaveLength(2);
      expect(body.payment_keys[0]).toMatchObject({
        integration: m.integrations.card,
        gateway_type: "VPC",
        save_card: true,
      });
    });

    it("answers the documented errors: 401, 400 per field, 406 unmatched_item_prices, 404 integration", async () => {
      const post = (payload: Record<string, unknown>, headers: Record<string, string> = secret()) =>
        app.inject({ method: "POST", url: "/v1/intention", headers, payload });
      const ok = {
        amount: 1000,
        currency: "EGP",
        payment_methods: [m.integrations.card],
        billing_data: BILLING,
      };
      const badKey = await post(ok, { authorization: "Token egy_sk_test_0000" });
      expect(badKey.statusCode).toBe(401);
      expect(badKey.json()).toEqual({ detail: "Looks like the secret key is invalid" });
      const { amount: _a, ...noAmount } = ok;
      const missing = await post(noAmount);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ amount: ["This field is required."] });
      const unmatched = await post({ ...ok, items: [{ name: "x", amount: 999 }] });
      expect(unmatched.statusCode).toBe(406);
      expect(unmatched.json().detail).toBe("unmatched_item_prices");
      const live = await post({ ...ok, payment_methods: [m.integrations.liveCard] });
      expect(live.statusCode).toBe(404);
      expect(live.json().detail).toBe("Integration ID/Name does not exist in our system");
      const empty = await post({ ...ok, payment_methods: [] });
      expect(empty.statusCode).toBe(400);
      // An unknown name among known references, with either credential.
      for (const headers of [secret(), bearer()]) {
        const unknown = await post(
          { ...ok, payment_methods: [m.integrations.card, "no such integration"] },
          headers,
        );
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().detail).toBe("Integration ID/Name does not exist in our system");
      }
    });

    it("resolves payment_methods by id, digits or trimmed name, once each, with a secret key or an auth token", async () => {
      const name = (
        await app.payments.db
          .selectFrom("integrations")
          .select("name")
          .where("id", "=", m.integrations.wallet)
          .executeTakeFirstOrThrow()
      ).name;
      for (const headers of [secret(), bearer()]) {
        const response = await app.inject({
          method: "POST",
          url: "/v1/intention/",
          headers,
          payload: {
            amount: 1000,
            currency: "EGP",
            payment_methods: [
              m.integrations.card,
              ` ${name} `,
              String(m.integrations.card),
              m.integrations.wallet,
            ],
            billing_data: BILLING,
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json().payment_keys.map((k: { integration: number }) => k.integration)).toEqual([
          m.integrations.card,
          m.integrations.wallet,
        ]);
      }
    });

    it("writes the order, intention and keys together: a reused special_reference leaves nothing behind", async () => {
      const payload = {
        amount: 1000,
        currency: "EGP",
        payment_methods: [m.integrations.card, m.integrations.wallet],
        billing_data: BILLING,
        special_reference: `dup-${Date.now()}`,
      };
      const first = await app.inject({ method: "POST", url: "/v1/intention/", headers: secret(), payload });
      expect(first.statusCode, first.body).toBe(201);
      const body = first.json();
      // One key per method, in the merchant's order, each a working token of its own integration.
      expect(body.payment_keys.map((k: { integration: number }) => k.integration)).toEqual([
        m.integrations.card,
        m.integrations.wallet,
      ]);
      const keys = await app.payments.db
        .selectFrom("payment_keys")
        .select(["integration_id", "order_id"])
        .where("order_id", "=", body.intention_order_id)
        .orderBy("id")
        .execute();
      expect(keys).toEqual([
        { integration_id: m.integrations.card, order_id: body.intention_order_id },
        { integration_id: m.integrations.wallet, order_id: body.intention_order_id },
      ]);
      const count = async () =>
        (
          await app.payments.db
            .selectFrom("payment_intentions")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("special_reference", "=", payload.special_reference)
            .executeTakeFirstOrThrow()
        ).n;
      expect(Number(await count())).toBe(1);
      const again = await app.inject({ method: "POST", url: "/v1/intention/", headers: secret(), payload });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({ message: "duplicate" });
      expect(Number(await count())).toBe(1);
    });

    it("takes integration names as payment methods", async () => {
      const name = (
        await app.payments.db
          .selectFrom("integrations")
          .select("name")
          .where("id", "=", m.integrations.card)
          .executeTakeFirstOrThrow()
      ).name;
      const intention = await createTestIntention(app, m, { payment_methods: [name] });
      expect(intention.payment_keys[0]!.integration).toBe(m.integrations.card);
    });

    it("updates an unpaid intention; the old payment keys stop working", async () => {
      const created = await createTestIntention(app, m);
      const oldKey = created.payment_keys[0]!.key;
      const update = await app.inject({
        method: "PUT",
        url: `/v1/intention/${created.client_secret}`,
        headers: secret(),
        payload: {
          accept_order_id: created.intention_order_id,
          amount: 2000,
          payment_methods: [m.integrations.card],
          items: [{ name: "Item name", amount: 2000, description: "Item description", quantity: 1 }],
          billing_data: BILLING,
          special_reference: `upd-${Date.now()}`,
          notification_url: "https://merchant.example/hook2",
          redirection_url: "https://www.google.com/",
        },
      });
      expect(update.statusCode, update.body).toBe(200);
      const body = update.json();
      expect(body).toMatchObject({
        intention_detail: { amount: 2000 },
        redirection_url: "https://www.google.com/",
      });
      expect(body.payment_keys[0].key).not.toBe(oldKey);
      expect((await app.inject({ url: `/api/checkout/payment?payment_token=${oldKey}` })).statusCode).toBe(
        410,
      );
      const fresh = (
        await app.inject({ url: `/api/checkout/payment?payment_token=${body.payment_keys[0].key}` })
      ).json();
      expect(fresh).toMatchObject({ amount_cents: 2000, state: "open" });
      const wrongOrder = await app.inject({
        method: "PUT",
        url: `/v1/intention/${created.client_secret}`,
        headers: secret(),
        payload: { accept_order_id: 1 },
      });
      expect(wrongOrder.statusCode).toBe(400);
    });

    it("reads the intention with the public key (element) and redirects the unified checkout", async () => {
      const created = await createTestIntention(app, m);
      const element = await app.inject({
        url: `/v1/intention/element/${m.keys.publicKeyTest}/${created.client_secret}/`,
      });
      expect(element.statusCode).toBe(200);
      expect(element.json()).toMatchObject({
        id: created.id,
        intention_order_id: created.intention_order_id,
      });
      const wrong = await app.inject({
        url: `/v1/intention/element/${m.keys.publicKeyLive}/${created.client_secret}`,
      });
      expect(wrong.statusCode).toBe(404);
      const unified = await app.inject({
        url: `/unifiedcheckout/?publicKey=${m.keys.publicKeyTest}&clientSecret=${created.client_secret}`,
      });
      expect(unified.statusCode).toBe(302);
      expect(unified.headers.location).toBe(
        `/checkout/unified?publicKey=${m.keys.publicKeyTest}&clientSecret=${created.client_secret}`,
      );
      const checkout = await app.inject({
        url: `/api/checkout/intention?public_key=${m.keys.publicKeyTest}&client_secret=${created.client_secret}`,
      });
      expect(checkout.json()).toMatchObject({
        intention_id: created.id,
        amount_cents: 10000,
        exponent: 2,
        state: "open",
        methods: [
          { integration_id: m.integrations.card, name: "card", payment_token: created.payment_keys[0]!.key },
        ],
      });
    });
  });

  describe("inquiries", () => {
    it("retrieves a transaction and the order's latest transaction, by id (as a string) or merchant order id", async () => {
      const reference = `inq-${Date.now()}`;
      const intention = await createTestIntention(app, m, {
        special_reference: reference,
        extras: { ee: 22 },
      });
      const id = (await payCard(app, intention.payment_keys[0]!.key)).json().transaction.id;
      const tx = await app.inject({ url: `/api/acceptance/transactions/${id}`, headers: bearer() });
      expect(tx.statusCode).toBe(200);
      const obj = tx.json();
      expect(obj).toMatchObject({
        id,
        success: true,
        pending: false,
        amount_cents: 10000,
        is_standalone_payment: true,
        integration_id: m.integrations.card,
        profile_id: m.merchantId,
        owner: m.ownerId,
        currency: "EGP",
        is_live: false,
        source_data: { type: "card", pan: "2346", sub_type: "MasterCard" },
        data: { message: "Approved", txn_response_code: "APPROVED" },
        order: { id: intention.intention_order_id, merchant_order_id: reference },
        payment_key_claims: { extra: { ee: 22 }, order_id: intention.intention_order_id },
      });
      expect(obj.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}[+-]\d\d:\d\d$/);
      expect(JSON.stringify(obj)).not.toContain("_acquirer_reference");
      for (const payload of [
        { order_id: String(intention.intention_order_id) },
        { merchant_order_id: reference },
      ]) {
        const inquiry = await app.inject({
          method: "POST",
          url: "/api/ecommerce/orders/transaction_inquiry",
          headers: bearer(),
          payload,
        });
        expect(inquiry.statusCode).toBe(200);
        expect(inquiry.json().id).toBe(id);
      }
      const none = await app.inject({
        method: "POST",
        url: "/api/ecommerce/orders/transaction_inquiry",
        headers: bearer(),
        payload: { merchant_order_id: "no-such-order" },
      });
      expect(none.statusCode).toBe(404);
    });

    it("hides test data from the live secret key and answers 404 for no card tokens", async () => {
      const { token, orderId } = await paymentTokenFor(app, m, m.integrations.card);
      const id = (await payCard(app, token)).json().transaction.id;
      const live = await app.inject({
        url: `/api/acceptance/transactions/${id}`,
        headers: { authorization: `Token ${m.keys.secretKeyLive}` },
      });
      expect(live.statusCode).toBe(404);
      const tokens = await app.inject({
        method: "POST",
        url: "/api/acceptance/order_card_tokens",
        payload: { auth_token: authToken, order_id: orderId },
      });
      expect(tokens.statusCode).toBe(404);
      expect(tokens.json()).toEqual({ message: "No card tokens found for this order" });
    });

    it("signs what the redirect carries so the merchant can verify it", async () => {
      const { token } = await paymentTokenFor(app, m, m.integrations.card);
      const redirect = new URL((await payCard(app, token)).json().redirect_url);
      const query = Object.fromEntries(redirect.searchParams);
      expect(signTransaction(query, m.keys.hmacSecret)).toBe(query.hmac);
      expect(Object.keys(query)).toEqual(
        expect.arrayContaining([
          "id",
          "order",
          "merchant_order_id",
          "data.message",
          "txn_response_code",
          "hmac",
        ]),
      );
    });
  });

  describe("quick payment links", () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.append(k, v);
      const request = new Request("http://x", { method: "POST", body: data });
      return request;
    };

    it("creates a link from form-data, pays it through its client_url, and marks it paid", async () => {
      const request = form({
        amount_cents: "10000",
        payment_methods: String(m.integrations.card),
        full_name: "Ahmed Hassan",
        email: "ahmed@example.com",
        phone_number: "+201000000000",
        description: "Order payment",
        reference_id: `link-${Date.now()}`,
        is_live: "false",
        notification_url: "https://merchant.com/callback",
        expires_at: new Date(Date.now() + 86_400_000).toISOString().slice(0, 19),
      });
      const response = await app.inject({
        method: "POST",
        url: "/api/ecommerce/payment-links",
        headers: { ...bearer(), "content-type": request.headers.get("content-type")! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(response.statusCode, response.body).toBe(201);
      const link = response.json();
      expect(link).toMatchObject({
        id: expect.any(Number),
        client_info: { full_name: "Ahmed Hassan", email: "ahmed@example.com", phone_number: "+201000000000" },
        amount_cents: 10000,
        state: "created",
        paid_at: null,
        origin: 2,
        order: expect.any(Number),
      });
      const clientUrl = new URL(link.client_url);
      expect(clientUrl.pathname).toBe("/unifiedcheckout/");
      const checkout = (
        await app.inject({
          url: `/api/checkout/intention?public_key=${clientUrl.searchParams.get("publicKey")}&client_secret=${clientUrl.searchParams.get("clientSecret")}`,
        })
      ).json();
      expect(checkout.amount_cents).toBe(10000);
      expect((await payCard(app, checkout.methods[0].payment_token)).json().transaction.success).toBe(true);
      const row = await app.payments.db
        .selectFrom("payment_links")
        .selectAll()
        .where("id", "=", link.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("paid");
      expect(row.paid_at).not.toBeNull();
      const cancel = await app.inject({
        method: "POST",
        url: "/api/ecommerce/payment-links/cancel",
        headers: bearer(),
        payload: { payment_link_id: link.id },
      });
      expect(cancel.statusCode).toBe(400);
    });

    it("cancels an unpaid link (urlencoded), after which its checkout is closed", async () => {
      const created = await app.inject({
        method: "POST",
        url: "/api/ecommerce/payment-links/",
        headers: { ...bearer(), "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          amount_cents: "5000",
          payment_methods: String(m.integrations.card),
          is_live: "false",
        }).toString(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const link = created.json();
      const cancelRequest = form({ payment_link_id: String(link.id) });
      const cancel = await app.inject({
        method: "POST",
        url: "/api/ecommerce/payment-links/cancel",
        headers: { ...bearer(), "content-type": cancelRequest.headers.get("content-type")! },
        payload: Buffer.from(await cancelRequest.arrayBuffer()),
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json().state).toBe("canceled");
      const url = new URL(link.client_url);
      const closed = await app.inject({
        url: `/api/checkout/intention?public_key=${url.searchParams.get("publicKey")}&client_secret=${url.searchParams.get("clientSecret")}`,
      });
      expect(closed.statusCode).toBe(410);
    });
  });
});
