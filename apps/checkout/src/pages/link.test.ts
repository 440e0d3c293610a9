// @vitest-environment jsdom
import type { CustomerLink } from "@portal/domain";
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../app.tsx";
import { LINK_TEXTS } from "./link.tsx";

const TOKEN = "0123456789abcdef0123456789abcdef";

function link(o: Partial<CustomerLink> = {}): CustomerLink {
  return {
    kind: "invoice",
    merchant: { name: "Cairo Cakes", logo_url: "/api/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
    amount_cents: 15000,
    currency: "EGP",
    exponent: 2,
    reference: "INV-7",
    description: "Birthday order",
    items: [{ name: "Chocolate cake", description: null, quantity: 2, amount_cents: 7500 }],
    product_image_url: null,
    expires_at: "2099-01-01T10:00:00Z",
    state: "open",
    is_live: false,
    methods: [
      { integration_id: 1, gateway_type: "VPC", name: "Card", payment_token: "pt_1_card" },
      { integration_id: 2, gateway_type: "CAGG", name: "Kiosk", payment_token: "pt_2_kiosk" },
    ],
    ...o,
  };
}

async function show(answer: CustomerLink, lang: "en" | "ar" = "en") {
  const fetchMock = vi.fn(async (url: string) => {
    if (String(url).startsWith(`/api/checkout/links/${TOKEN}`))
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    return new Response("{}", { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  window.history.replaceState(null, "", `/checkout/link?token=${TOKEN}&lang=${lang}`);
  document.body.innerHTML = '<div id="root"></div>';
  const root = createRoot(document.getElementById("root")!);
  await act(async () => {
    root.render(createElement(App));
  });
  for (let i = 0; i < 20 && !document.querySelector("[data-testid=link-page]"); i++)
    await act(() => new Promise((r) => setTimeout(r, 10)));
  return { root, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the customer page of an invoice or payment link", () => {
  it("shows the merchant, its logo, what is paid and continues to the hosted checkout with the chosen method", async () => {
    const { root } = await show(link());
    const page = document.querySelector("[data-testid=link-page]")!;
    expect(page.textContent).toContain("Cairo Cakes");
    expect(page.querySelector("img.logo")?.getAttribute("src")).toBe(
      "/api/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    );
    expect(page.querySelector("[data-testid=amount]")?.textContent).toContain("150.00");
    expect(page.textContent).toContain("Birthday order");
    expect(page.querySelector("[data-testid=link-items]")?.textContent).toContain("Chocolate cake");
    expect(page.textContent).toContain("INV-7");
    await act(async () => {
      (document.querySelector("[data-testid=link-method-CAGG]") as HTMLInputElement).click();
    });
    await act(async () => {
      (document.querySelector("[data-testid=link-pay]") as HTMLButtonElement).click();
    });
    expect(window.location.pathname).toBe("/checkout/pay");
    expect(new URLSearchParams(window.location.search).get("payment_token")).toBe("pt_2_kiosk");
    root.unmount();
  });

  const states = ["paid", "expired", "canceled", "deactivated", "no_attempts_left", "unavailable"] as const;
  for (const lang of ["en", "ar"] as const) {
    for (const state of states) {
      it(`says why a ${state} row cannot be paid (${lang}), with no way to pay`, async () => {
        const { root } = await show(link({ state, methods: [] }), lang);
        const reason = document.querySelector(`[data-testid=link-${state}]`);
        expect(reason?.textContent).toContain(LINK_TEXTS[lang].reasons[state][0]);
        expect(document.querySelector("[data-testid=link-pay]")).toBeNull();
        expect(document.documentElement.dir).toBe(lang === "ar" ? "rtl" : "ltr");
        root.unmount();
      });
    }
  }

  it("has every text in English and Arabic", () => {
    const keys = (v: unknown, p = ""): string[] =>
      typeof v === "object" && v !== null ? Object.entries(v).flatMap(([k, x]) => keys(x, `${p}.${k}`)) : [p];
    expect(keys(LINK_TEXTS.ar).sort()).toEqual(keys(LINK_TEXTS.en).sort());
    for (const text of keys(LINK_TEXTS.ar)) expect(text).not.toBe("");
  });

  it("a malformed token is refused without a request", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    window.history.replaceState(null, "", "/checkout/link?token=../../x");
    document.body.innerHTML = '<div id="root"></div>';
    const root = createRoot(document.getElementById("root")!);
    await act(async () => {
      root.render(createElement(App));
    });
    for (let i = 0; i < 20 && !document.querySelector("[data-testid^=problem-]"); i++)
      await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(document.querySelector("[data-testid=problem-invalid]")).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    root.unmount();
  });
});
