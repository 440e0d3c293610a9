// @vitest-environment jsdom
import type { LendingLookupAnswer } from "@portal/domain";
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../app.tsx";
import { LENDING_TEXTS, nationalDigits } from "./lending.tsx";

const FOUND: LendingLookupAnswer = {
  lender: { name: "Nile Electronics", logo_url: null },
  is_live: false,
  national_id_masked: "2••••••••••123",
  loans: [
    {
      reference: "NE-LN-1001",
      service_name: "Refrigerator instalment plan",
      currency: "EGP",
      exponent: 2,
      amount_cents: 1_200_000,
      outstanding_cents: 1_000_000,
      instalment_cents: 100_000,
      fee_cents: 1_500,
      total_cents: 101_500,
      instalment_no: 3,
      instalments_paid: 2,
      instalments_total: 12,
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function open(fetchMock: ReturnType<typeof vi.fn>, lang: "en" | "ar" = "en") {
  vi.stubGlobal("fetch", fetchMock);
  window.history.replaceState(null, "", `/checkout/lending?lender=nile-electronics&lang=${lang}`);
  document.body.innerHTML = '<div id="root"></div>';
  const root = createRoot(document.getElementById("root")!);
  await act(async () => {
    root.render(createElement(App));
  });
  await until("[data-testid=lending-national-id]");
  return root;
}

async function until(selector: string) {
  for (let i = 0; i < 50 && !document.querySelector(selector); i++)
    await act(() => new Promise((r) => setTimeout(r, 10)));
  return document.querySelector(selector);
}

async function typeId(value: string) {
  const input = document.querySelector("[data-testid=lending-national-id]") as HTMLInputElement;
  await act(async () => {
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await act(async () => {
    (document.querySelector("[data-testid=lending-find]") as HTMLButtonElement).click();
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the lending collection page", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`refuses a national ID that is not 14 digits with the spec's message, without a request (${lang})`, async () => {
      const fetchMock = vi.fn();
      const root = await open(fetchMock, lang);
      await typeId("12345");
      expect(document.body.textContent).toContain(LENDING_TEXTS[lang].invalidNationalId);
      expect(fetchMock).not.toHaveBeenCalled();
      expect(document.documentElement.dir).toBe(lang === "ar" ? "rtl" : "ltr");
      root.unmount();
    });

    it(`shows 'User does not have Loan' in the page's language (${lang})`, async () => {
      const fetchMock = vi.fn(async () => json(400, { code: "no_loan", detail: "User does not have Loan" }));
      const root = await open(fetchMock, lang);
      await typeId("29001011234567");
      expect((await until("[data-testid=lending-banner]"))?.textContent).toBe(LENDING_TEXTS[lang].noLoan);
      root.unmount();
    });
  }

  it("sends Arabic-Indic digits as ASCII, shows the service details, confirms and pays from the balance", async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? "{}"));
      if (url === "/api/checkout/lending/lookup") {
        expect(body).toEqual({ lender: "nile-electronics", national_id: "29001011234567" });
        return json(200, FOUND);
      }
      if (url === "/api/checkout/lending/balance") {
        if (body.pin !== "1234")
          return json(401, { code: "incorrect_credentials", detail: "incorrect credentials" });
        expect(body).toMatchObject({ reference: "NE-LN-1001", instalment_no: 3 });
        return json(200, {
          loan: null,
          paid: { ...FOUND.loans[0], outstanding_cents: 900_000, paid_at: "2026-01-01T00:00:00Z" },
        });
      }
      return json(404, {});
    });
    const root = await open(fetchMock);
    await typeId("٢٩٠٠١٠١١٢٣٤٥٦٧");
    await until("[data-testid=lending-loan]");
    expect(document.querySelector("[data-testid=lending-service]")?.textContent).toBe(
      "Refrigerator instalment plan",
    );
    expect(document.querySelector("[data-testid=lending-reference]")?.textContent).toBe("NE-LN-1001");
    expect(document.querySelector("[data-testid=lending-total]")?.textContent).toContain("1,015.00");
    expect(document.querySelector("[data-testid=lending-masked-id]")?.textContent).toContain(
      "2••••••••••123",
    );
    await act(async () => {
      (document.querySelector("[data-testid=lending-source-balance]") as HTMLInputElement).click();
    });
    await act(async () => {
      (document.querySelector("[data-testid=lending-pay]") as HTMLButtonElement).click();
    });
    const pin = (await until("[data-testid=lending-pin]")) as HTMLInputElement;
    for (const value of ["9999", "1234"]) {
      await act(async () => {
        pin.value = value;
        pin.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await act(async () => {
        (document.querySelector("[data-testid=lending-confirm-pay]") as HTMLButtonElement).click();
      });
      if (value === "9999") {
        await until("#balance-pin-error");
        expect(document.querySelector("#balance-pin-error")?.textContent).toBe("incorrect credentials");
      }
    }
    await until("[data-testid=lending-success]");
    expect(document.querySelector("[data-testid=lending-remaining]")?.textContent).toContain("9,000.00");
    root.unmount();
  });

  it("has every text in English and Arabic, and reads national IDs as digits", () => {
    expect(Object.keys(LENDING_TEXTS.ar).sort()).toEqual(Object.keys(LENDING_TEXTS.en).sort());
    for (const text of Object.values(LENDING_TEXTS.ar)) expect(text).toMatch(/[\u0600-\u06ff]/);
    expect(nationalDigits("2900 101-1234567")).toBe("29001011234567");
  });
});
