import type { Plugin } from "vite";
import type { Done, Intention, KioskReference, Payment } from "../src/api.ts";

/**
 * A stand-in for the server's checkout API while developing the pages alone (`CHECKOUT_MOCK=1 npm run dev -w
 * @portal/checkout`). Its answers are typed by the checkout contract (packages/domain/src/api/checkout.ts) and it
 * follows the documented test cards; it is never built
 * into the app, and the browser journeys run against the real server.
 * Tokens: card, valu, wallet, kiosk, paid, expired (410), each optionally with a suffix ("card-2": its own three
 * attempts); anything else is unknown (404).
 * Intention: /checkout/unified?publicKey=pk&clientSecret=cs.
 */
const merchant = { name: "Nile Books", logo_url: null };
const money = { amount_cents: 149999, currency: "EGP", exponent: 2 } as const;
const billing = {
  first_name: "Mona",
  last_name: "Adel",
  email: "mona@example.com",
  phone_number: "01010101010",
};
const methods: Record<string, Payment["method"]> = {
  card: { integration_id: 11, gateway_type: "VPC", type: "online", name: "Online card" },
  valu: { integration_id: 12, gateway_type: "VALU", type: "installments", name: "valU" },
  wallet: { integration_id: 13, gateway_type: "UIG", type: "vodafone", name: "Wallet" },
  kiosk: { integration_id: 14, gateway_type: "CAGG", type: "cash", name: "Kiosk" },
  paid: { integration_id: 11, gateway_type: "VPC", type: "online", name: "Online card" },
};
const attempts = new Map<string, number>();

function done(success: boolean, message: string, pending = false): Done {
  return {
    state: "done",
    transaction: {
      id: 90000 + Math.floor(Math.random() * 9999),
      success,
      pending,
      message,
      txn_response_code: pending ? "PENDING" : success ? "APPROVED" : "DECLINED",
    },
    redirect_url: null,
  };
}

export function devApi(): Plugin {
  return {
    name: "checkout-dev-api",
    apply: "serve",
    configureServer(server) {
      if (!process.env.CHECKOUT_MOCK) return;
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? "/", "http://mock");
        if (!url.pathname.startsWith("/api/")) return next();
        let body: Record<string, unknown> = {};
        if (req.method === "POST") {
          let raw = "";
          for await (const chunk of req) raw += chunk;
          body = raw ? JSON.parse(raw) : {};
        }
        const send = (status: number, json: unknown) => {
          res.statusCode = status;
          res.setHeader("content-type", "application/json");
          setTimeout(() => res.end(JSON.stringify(json)), 400);
        };
        const token = String(url.searchParams.get("payment_token") ?? body.payment_token ?? "");
        const left = () => attempts.get(token) ?? 3;
        const use = () => attempts.set(token, left() - 1);
        switch (url.pathname) {
          case "/api/checkout/payment": {
            if (token === "expired") return send(410, { code: "expired", detail: "expired" });
            const method = methods[token.split("-")[0]!];
            if (!method) return send(404, { code: "invalid_token", detail: "not found" });
            const payment: Payment = {
              merchant,
              ...money,
              order_id: 1001,
              merchant_order_id: "NB-2041",
              method,
              ...(token.startsWith("valu")
                ? {
                    installment_plans: [
                      { months: 6, monthly_amount_cents: 26667, fees_cents: 10000 },
                      { months: 12, monthly_amount_cents: 13750, fees_cents: 15000 },
                      { months: 24, monthly_amount_cents: 7292, fees_cents: 25000 },
                    ],
                  }
                : {}),
              billing,
              redirection_url: null,
              is_live: false,
              state: token.startsWith("paid") ? "paid" : "open",
              attempts_left: left(),
            };
            return send(200, payment);
          }
          case "/api/checkout/intention": {
            if (url.searchParams.get("client_secret") !== "cs") return send(404, { code: "invalid_token" });
            const intention: Intention = {
              merchant,
              ...money,
              intention_id: "pi_test_1",
              billing,
              state: "open",
              methods: Object.entries(methods)
                .filter(([t]) => t !== "paid")
                .map(([t, m]) => ({
                  integration_id: m.integration_id,
                  gateway_type: m.gateway_type,
                  name: m.name,
                  payment_token: t,
                })),
            };
            return send(200, intention);
          }
          case "/api/checkout/card": {
            if (left() <= 0) return send(409, { code: "attempts_exhausted" });
            use();
            const pan = String(body.pan);
            if (pan.endsWith("3220") || pan.endsWith("3063"))
              return send(200, {
                state: "challenge",
                challenge_id: pan.endsWith("3063") ? "fail" : "ok",
                transaction_id: 5,
              });
            if (pan === "4000000000000002") return send(200, done(false, "Insufficient funds"));
            if (pan === "4000000000000259") return send(200, done(false, "Pending", true));
            if (pan === "4000000000000119") return send(200, done(false, "Transaction timed out"));
            return send(200, done(true, "Approved"));
          }
          case "/api/checkout/3ds":
            return body.otp === "123456" && body.challenge_id === "ok"
              ? send(200, done(true, "Approved"))
              : send(200, done(false, "3-D Secure authentication failed"));
          case "/api/acceptance/payments/pay":
            use();
            return send(200, {
              id: 77,
              pending: true,
              redirect_url: `/checkout/wallet?payment_token=${token}&transaction_id=77`,
            });
          case "/api/checkout/wallet":
            return body.mpin === "123456" && body.otp === "123456"
              ? send(200, done(true, "Approved"))
              : send(200, done(false, "Wrong MPIN or OTP"));
          case "/api/checkout/kiosk": {
            const reference: KioskReference = {
              bill_reference: "4823901",
              transaction_id: 78,
              expires_at: new Date(Date.now() + 86400000).toISOString(),
            };
            return send(200, reference);
          }
          default:
            return next();
        }
      });
    },
  };
}
