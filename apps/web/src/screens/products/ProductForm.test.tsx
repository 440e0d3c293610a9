import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Lang } from "../../i18n/language.ts";
import { renderInApp, text, useLanguage } from "../../test/render.tsx";
import { ProductForm } from "./ProductForm.tsx";

const INTEGRATIONS = {
  count: 2,
  page: 1,
  page_size: 100,
  results: [
    { id: 11, name: "Card", type: "online", gateway_type: "VPC", currency: "EGP", status: "Active" },
    { id: 13, name: "Card USD", type: "online", gateway_type: "VPC", currency: "USD", status: "Active" },
  ],
};

/** The server: the integrations list, and a product creation answered with `answer` (status and body). */
function server(answer: { status: number; body: unknown }) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply = url.startsWith("/api/integrations") ? { status: 200, body: INTEGRATIONS } : answer;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

function form(lang: Lang, onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <ProductForm isLive={false} submitLabel="Save" onSaved={onSaved} onCancel={() => undefined} />
    </QueryClientProvider>,
    lang,
  );
  return onSaved;
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
async function type(id: string, value: string) {
  await act(async () => {
    fireEvent.change(input(id), { target: { value } });
  });
}
async function click(el: HTMLElement) {
  await act(async () => {
    fireEvent.click(el);
  });
}
const e = (lang: Lang, key: string) => text(lang, `products.errors.${key}`);
const formText = () => screen.getByTestId("product-form").textContent ?? "";

// Rendering Mantine in jsdom takes seconds on a busy machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(["en", "ar"] as const)("the product form (%s)", (lang) => {
  it("stars the required fields and shows the spec's messages, in the user's language", async () => {
    await useLanguage(lang);
    const calls = server({ status: 201, body: {} });
    form(lang);
    await click(screen.getByTestId("product-submit"));
    expect(formText()).toContain(e(lang, "required"));
    expect(formText()).toContain(e(lang, "selectPayment"));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    // Required fields carry the asterisk.
    expect(screen.getByText(text(lang, "products.form.name")).parentElement?.textContent).toContain("*");

    await type("product-description", "x".repeat(1001));
    await type("product-price", "12.345");
    await type("product-inventory", "1.5");
    await click(screen.getByTestId("product-submit"));
    expect(formText()).toContain(e(lang, "descriptionTooLong"));
    expect(formText()).toContain(e(lang, "invalidAmount"));
    expect(formText()).toContain(e(lang, "invalidInteger"));
  });

  it("sends the product in minor units and shows the server's 'Merchant Product ID already exists'", async () => {
    await useLanguage(lang);
    const calls = server({
      status: 409,
      body: {
        detail: "Merchant Product ID already exists",
        code: "duplicate_product_id",
        fields: { merchant_product_id: ["Merchant Product ID already exists"] },
      },
    });
    const onSaved = form(lang);
    await type("product-name", "Mug");
    await type("product-price", "350.00");
    await type("product-inventory", "4");
    await type("product-merchant-id", "SKU-1");
    await click(input("product-methods"));
    const option = await screen.findByRole("option", { name: "Card (11)", hidden: true });
    await click(option);
    expect(screen.queryByRole("option", { name: "Card USD (13)", hidden: true })).toBeNull();
    await click(screen.getByTestId("product-delivery-yes"));
    await click(screen.getByTestId("product-quantity-no"));
    await click(screen.getByTestId("product-submit"));
    await waitFor(() => expect(formText()).toContain(e(lang, "duplicateId")));
    expect(onSaved).not.toHaveBeenCalled();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Mug",
      description: null,
      price_cents: 35000,
      currency: "EGP",
      inventory: 4,
      merchant_product_id: "SKU-1",
      integration_ids: [11],
      delivery_needed: true,
      allow_quantity_edit: false,
      image_id: null,
    });
  });
});
