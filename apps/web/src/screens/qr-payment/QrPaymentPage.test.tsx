import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, type Session, setSession } from "../../auth/session.ts";
import type { Lang } from "../../i18n/language.ts";
import { renderInApp, text, useLanguage } from "../../test/render.tsx";
import { memoryRouter } from "../../test/router.tsx";
import QrPaymentPage from "./QrPaymentPage.tsx";

const PAYMENT = {
  id: 77,
  merchant_name: "Nile Electronics",
  amount_cents: 15025,
  currency: "EGP",
  payment_url: "http://localhost/checkout/pay?payment_token=pt_1",
  expires_at: "2026-11-26T12:00:00.000Z",
  is_live: false,
};

/** The server: setup, create (or a failure) and Check Status answered as given. */
function server(status: unknown, createStatus = 201) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply = url.startsWith("/api/qr-payments/setup")
        ? { status: 200, body: { merchant_name: "Nile Electronics", currency: "EGP", integration_id: 5 } }
        : method === "POST"
          ? { status: createStatus, body: createStatus === 201 ? PAYMENT : { detail: "boom" } }
          : { status: 200, body: status };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

async function show(lang: Lang) {
  setSession(
    {
      id: 1,
      type: "Merchant",
      name: "Nile Electronics",
      username: "merchant.egypt",
      country: "EGY",
      merchant_id: 1,
      permNames: ["can create transactions"],
      acq_partner: null,
      partner_time_zone: null,
      has_live_integration: false,
      temp: false,
    } as Session,
    null,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { router, element } = memoryRouter(
    () => (
      <QueryClientProvider client={client}>
        <QrPaymentPage />
      </QueryClientProvider>
    ),
    `/${lang}/transactions`,
  );
  renderInApp(element, lang);
  await act(() => router.load());
  await screen.findByTestId("qr-amount-step");
}

const click = async (id: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(id));
  });
};
const type = async (value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId("qr-amount"), { target: { value } });
  });
};

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
afterAll(() => clearSession());

describe.each(["en", "ar"] as const)("QR payment (%s)", (lang) => {
  it("refuses a bad amount, shows the payment information, and the declined outcome with its reason", async () => {
    await useLanguage(lang);
    const calls = server({
      id: 77,
      status: "declined",
      message: "Insufficient funds",
      reason: "insufficient_funds",
      transaction_id: 9,
      amount_cents: 15025,
      currency: "EGP",
    });
    await show(lang);
    await type("abc");
    await click("qr-proceed");
    expect(screen.getByTestId("qr-amount-step").textContent).toContain(
      text(lang, "invoices.validation.invalid_amount"),
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await type("150.25");
    await click("qr-proceed");
    await screen.findByTestId("qr-info");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ amount: "150.25", is_live: false });
    expect(screen.getByTestId("qr-merchant").textContent).toBe("Nile Electronics");
    expect(screen.getByTestId("qr-info").textContent).toContain(text(lang, "qrPayment.info.title"));
    await click("qr-check");
    const outcome = await screen.findByTestId("qr-outcome");
    expect(outcome.getAttribute("data-status")).toBe("declined");
    expect(outcome.textContent).toContain(text(lang, "qrPayment.outcome.declined"));
    expect(outcome.textContent).toContain(text(lang, "qrPayment.outcome.insufficientFunds"));
    await click("qr-try-again");
    expect((screen.getByTestId("qr-amount") as HTMLInputElement).value).toBe("");
  });

  it("says 'SomeThing Went Wrong Please Try Again' when the payment cannot be created", async () => {
    await useLanguage(lang);
    server({}, 500);
    await show(lang);
    await type("10");
    await click("qr-proceed");
    await waitFor(() => expect(screen.getByTestId("qr-failed")).toBeTruthy());
    expect(screen.getByTestId("qr-failed").textContent).toContain(text(lang, "qrPayment.failed"));
    if (lang === "en") expect(text(lang, "qrPayment.failed")).toBe("SomeThing Went Wrong Please Try Again");
    await useLanguage("en");
  });
});
