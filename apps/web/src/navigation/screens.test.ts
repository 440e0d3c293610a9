import { MERCHANT_PERMISSIONS } from "@portal/domain";
import { describe, expect, it } from "vitest";
import {
  CREATE_MENU,
  canView,
  createMenuFor,
  landingFor,
  menuKindFor,
  SCREENS,
  type ScreenKey,
  SIDE_MENUS,
  screenKeyForPath,
  sideMenuFor,
} from "./screens.ts";

const owner = { profileType: "Merchant" as const, permNames: [...MERCHANT_PERMISSIONS] };

describe("permission gating", () => {
  it("shows a merchant owner the whole merchant menu in the spec's order", () => {
    expect(sideMenuFor(owner)).toEqual(SIDE_MENUS.merchant);
    // Request to pay is in the menu (not only reachable from Transactions), after Payment Links.
    expect(sideMenuFor(owner)).toContain("requestToPay");
    expect(createMenuFor(owner)).toEqual(CREATE_MENU);
  });
  it("hides the items a staff member lacks the permission for", () => {
    const staff = { profileType: "MerchantStaff" as const, permNames: ["can view orders"] };
    const menu = sideMenuFor(staff);
    expect(menu).toContain("orders");
    expect(menu).toContain("invoices");
    expect(menu).toContain("home");
    expect(menu).toContain("settings");
    expect(menu).not.toContain("transactions");
    expect(menu).not.toContain("paymentIntegrations");
    expect(menu).not.toContain("users");
    expect(createMenuFor(staff)).toEqual([]);
    expect(canView("transactions", staff)).toBe(false);
  });
  it("keeps screens of other kinds out of reach, whatever the permissions", () => {
    const bank = { profileType: "Bank" as const, permNames: [...MERCHANT_PERMISSIONS, "can view merchants"] };
    expect(canView("apiKeys", bank)).toBe(false);
    expect(canView("home", bank)).toBe(false);
    expect(canView("merchants", bank)).toBe(true);
    expect(canView("merchants", owner)).toBe(false);
  });
  it("exempts partners from permissions but not from their menu", () => {
    const partner = { profileType: "Partner" as const, permNames: [] };
    expect(sideMenuFor(partner)).toEqual(["merchants", "transactions"]);
    expect(canView("apiKeys", partner)).toBe(false);
  });
  it("gives bank and terminal their own menus", () => {
    const bank = { profileType: "BankStaff" as const, permNames: ["can view merchants", "can view reports"] };
    expect(sideMenuFor(bank)).toEqual(["merchants", "lenders", "reports"]);
    const terminal = {
      profileType: "Terminal" as const,
      permNames: ["can view transactions", "can view terminals"],
    };
    expect(sideMenuFor(terminal)).toEqual(["terminalReports", "transactions"]);
  });
});

describe("landing", () => {
  it("lands each kind on its first permitted screen", () => {
    expect(landingFor(owner)).toBe("home");
    expect(landingFor({ profileType: "Bank", permNames: ["can view merchants"] })).toBe("merchants");
    expect(landingFor({ profileType: "Terminal", permNames: ["can view transactions"] })).toBe(
      "transactions",
    );
    expect(
      landingFor({ profileType: "Terminal", permNames: ["can view transactions", "can view terminals"] }),
    ).toBe("terminalReports");
    expect(landingFor({ profileType: "Partner", permNames: [] })).toBe("merchants");
    expect(landingFor({ profileType: "BankStaff", permNames: ["can view reports"] })).toBe("reports");
  });
  it("lands on the first screen of the kind when nothing is permitted", () => {
    expect(landingFor({ profileType: "BankStaff", permNames: [] })).toBe("merchants");
  });
  it("maps every kind to its menu", () => {
    expect(menuKindFor("MerchantStaff")).toBe("merchant");
    expect(menuKindFor("BankStaff")).toBe("bank");
    expect(menuKindFor("Terminal")).toBe("terminal");
    expect(menuKindFor("Partner")).toBe("partner");
  });
});

describe("screen table", () => {
  it("has unique paths that resolve back to their screen", () => {
    const keys = Object.keys(SCREENS) as ScreenKey[];
    expect(new Set(keys.map((k) => SCREENS[k].path)).size).toBe(keys.length);
    for (const key of keys) expect(screenKeyForPath(`/${SCREENS[key].path}/`)).toBe(key);
    expect(screenKeyForPath("nowhere")).toBeUndefined();
  });
  it("puts every menu item in the menu it is listed in", () => {
    for (const [kind, keys] of Object.entries(SIDE_MENUS)) {
      for (const key of keys) expect(SCREENS[key].menus as readonly string[]).toContain(kind);
    }
  });
});
