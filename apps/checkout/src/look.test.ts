// @vitest-environment jsdom
import type { CheckoutLook, CustomerLink } from "@portal/domain";
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "./app.tsx";
import { applyLook } from "./look.ts";
import type { ResultState } from "./outcome.ts";

const LOOK: CheckoutLook = {
  primary_color: "#7a1f5c",
  background_color: "#fff8f0",
  text_color: "#222222",
  button_text_color: "#ffffff",
  post_payment_text: "Thank you!\nYour order ships tomorrow.",
  redirect_url: "https://shop.example.com/thanks",
};
const TOKEN = "0123456789abcdef0123456789abcdef";
const root = () => document.documentElement;

async function render(url: string, state: unknown = null, answer?: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(answer ?? {}), { status: answer ? 200 : 404 })),
  );
  window.history.replaceState(state, "", url);
  document.body.innerHTML = '<div id="root"></div>';
  const r = createRoot(document.getElementById("root")!);
  await act(async () => {
    r.render(createElement(App));
  });
  for (let i = 0; i < 20 && !document.querySelector("[data-testid=link-page],[data-testid^=result-]"); i++)
    await act(() => new Promise((res) => setTimeout(res, 10)));
  return r;
}

afterEach(() => {
  vi.unstubAllGlobals();
  applyLook(null);
  document.body.innerHTML = "";
});

describe("the merchant's checkout customization", () => {
  it("sets the colours as the stylesheet's variables and takes them off again", () => {
    applyLook(LOOK);
    expect(root().classList.contains("branded")).toBe(true);
    expect(root().style.getPropertyValue("--brand")).toBe("#7a1f5c");
    expect(root().style.getPropertyValue("--on-brand")).toBe("#ffffff");
    expect(root().style.getPropertyValue("--card")).toBe("#fff8f0");
    expect(root().style.getPropertyValue("--ink")).toBe("#222222");
    applyLook(null);
    expect(root().classList.contains("branded")).toBe(false);
    expect(root().style.getPropertyValue("--brand")).toBe("");
  });

  it("ignores a look whose colours are not #rrggbb (nothing injected into the style)", () => {
    applyLook({ ...LOOK, primary_color: "red; background: url(x)" });
    expect(root().classList.contains("branded")).toBe(false);
    expect(root().getAttribute("style") ?? "").not.toContain("url(");
  });

  it("a payment link page takes the look and lists the methods in the order the server sent", async () => {
    const link: CustomerLink = {
      kind: "link",
      merchant: { name: "Nile Crafts", logo_url: null },
      amount_cents: 5000,
      currency: "EGP",
      exponent: 2,
      reference: null,
      description: null,
      items: [],
      product_image_url: null,
      expires_at: null,
      state: "open",
      is_live: false,
      methods: [
        { integration_id: 9, gateway_type: "UIG", name: "Wallet", payment_token: "pt_9" },
        { integration_id: 3, gateway_type: "VPC", name: "Card", payment_token: "pt_3" },
      ],
      look: LOOK,
    };
    const r = await render(`/checkout/link?token=${TOKEN}`, null, link);
    expect(root().style.getPropertyValue("--brand")).toBe("#7a1f5c");
    const methods = [...document.querySelectorAll("[data-testid^=link-method-]")].map((e) =>
      e.getAttribute("data-testid"),
    );
    expect(methods).toEqual(["link-method-UIG", "link-method-VPC"]);
    r.unmount();
  });

  it("the unified checkout's method choice takes the look and the server's order", async () => {
    const intention = {
      merchant: { name: "Nile Crafts", logo_url: null },
      amount_cents: 5000,
      currency: "EGP",
      exponent: 2,
      intention_id: "pi_test_1",
      billing: {
        first_name: "Mona",
        last_name: "Adel",
        email: "m@example.com",
        phone_number: "+201000000000",
      },
      state: "open",
      methods: [
        { integration_id: 5, gateway_type: "CAGG", name: "Kiosk", payment_token: "pt_5" },
        { integration_id: 3, gateway_type: "VPC", name: "Card", payment_token: "pt_3" },
      ],
      look: { ...LOOK, primary_color: "#004d40" },
    };
    const r = await render("/checkout/unified?publicKey=egy_pk_test_x&clientSecret=cs", null, intention);
    for (let i = 0; i < 20 && !document.querySelector("[data-testid^=method-]"); i++)
      await act(() => new Promise((res) => setTimeout(res, 10)));
    const methods = [...document.querySelectorAll("[data-testid^=method-]")]
      .map((e) => e.getAttribute("data-testid"))
      .filter((id) => id !== "method-continue");
    expect(methods).toEqual(["method-CAGG", "method-VPC"]);
    expect(root().style.getPropertyValue("--brand")).toBe("#004d40");
    r.unmount();
  });

  const result = (o: Partial<ResultState>): ResultState => ({
    outcome: "success",
    message: null,
    transaction_id: 77,
    merchant: { name: "Nile Crafts", logo_url: null },
    money: { amount_cents: 5000, currency: "EGP", exponent: 2 },
    redirect_url: null,
    attempts_left: 2,
    retry: "/checkout/pay?payment_token=x",
    look: LOOK,
    ...o,
  });

  it("after a success shows the merchant's text and counts down to its redirect", async () => {
    const r = await render("/checkout/result?outcome=success&id=77", result({}));
    expect(document.querySelector("[data-testid=post-payment-text]")?.textContent).toBe(
      LOOK.post_payment_text,
    );
    expect(document.querySelector("[data-testid=continue-now]")?.getAttribute("href")).toBe(
      "https://shop.example.com/thanks",
    );
    expect(root().classList.contains("branded")).toBe(true);
    r.unmount();
  });

  it("the payment's own redirect wins over the customized one", async () => {
    const r = await render(
      "/checkout/result?outcome=success&id=77",
      result({ redirect_url: "https://api-given.example.com/done?success=true" }),
    );
    expect(document.querySelector("[data-testid=continue-now]")?.getAttribute("href")).toBe(
      "https://api-given.example.com/done?success=true",
    );
    r.unmount();
  });

  it("after a decline shows neither the text nor the customized redirect", async () => {
    const r = await render(
      "/checkout/result?outcome=declined&id=77",
      result({ outcome: "declined", attempts_left: 0, message: "Insufficient funds" }),
    );
    expect(document.querySelector("[data-testid=result-declined]")).not.toBeNull();
    expect(document.querySelector("[data-testid=post-payment-text]")).toBeNull();
    expect(document.querySelector("[data-testid=continue-now]")).toBeNull();
    r.unmount();
  });
});
