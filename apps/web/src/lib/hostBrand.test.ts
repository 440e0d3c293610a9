import { describe, expect, it } from "vitest";
import {
  BRANDED_PAGES,
  brandOfPage,
  guessHostBrand,
  homeFallsBackToLogin,
  parseHostBrandOverride,
} from "./hostBrand.ts";

describe("host brand", () => {
  it("is guessed from our own host by the default patterns", () => {
    expect(guessHostBrand("wallet.localhost:5173")).toBe("wallet");
    expect(guessHostBrand("telecom.portal.example")).toBe("telecom");
    expect(guessHostBrand("WALLET.example.com")).toBe("wallet");
    expect(guessHostBrand("localhost:8080")).toBeUndefined();
    expect(guessHostBrand("mywallet.example.com")).toBeUndefined();
    expect(guessHostBrand("portal.ksa.example.com")).toBeUndefined();
  });

  it("can be forced: a brand, none, or nothing for a value it does not know", () => {
    expect(parseHostBrandOverride("telecom")).toBe("telecom");
    expect(parseHostBrandOverride(" Wallet ")).toBe("wallet");
    expect(parseHostBrandOverride("none")).toBeNull();
    expect(parseHostBrandOverride("paypal")).toBeUndefined();
    expect(parseHostBrandOverride("")).toBeUndefined();
    expect(parseHostBrandOverride(null)).toBeUndefined();
  });

  it("brands the pages the spec gives each host, and only those", () => {
    expect(BRANDED_PAGES.wallet).toEqual(["login", "register", "forgotPassword"]);
    expect(brandOfPage("wallet", "login")).toBe("wallet");
    expect(brandOfPage("wallet", "registerSuccess")).toBeUndefined();
    expect(brandOfPage("wallet", "changePassword")).toBeUndefined();
    for (const page of ["login", "register", "registerSuccess", "forgotPassword", "changePassword"] as const)
      expect(brandOfPage("telecom", page)).toBe("telecom");
    expect(brandOfPage(undefined, "login")).toBeUndefined();
  });

  it("sends the wallet host's home to login", () => {
    expect(homeFallsBackToLogin("wallet")).toBe(true);
    expect(homeFallsBackToLogin("telecom")).toBe(false);
    expect(homeFallsBackToLogin(undefined)).toBe(false);
  });
});
