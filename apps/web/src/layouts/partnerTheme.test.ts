import type { PartnerCss } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { isSafeColor, partnerVariables, readableTextOn } from "./partnerTheme.ts";

// The demo partner's colours: light menu texts on a dark header colour.
const css: PartnerCss = {
  header_background: "#0B3D2E",
  welcome_color: "#F4C430",
  merchant_color: "#FFFFFF",
  title_background: "#145A44",
  title_color: "#FDF6E3",
  menu_color: "#D9E8E1",
  menu_hover_color: "#F4C430",
  menu_active_color: "#FFD966",
  footer_color: "#C7D6CF",
  footer_background: "#072A20",
};

describe("partnerVariables", () => {
  it("maps the partner's colours onto the layout's variables", () => {
    const vars = partnerVariables(css);
    expect(vars["--portal-header-bg"]).toBe("#0B3D2E");
    expect(vars["--portal-header-color"]).toBe("#ffffff");
    expect(vars["--portal-welcome-color"]).toBe("#F4C430");
    expect(vars["--portal-title-bg"]).toBe("#145A44");
    expect(vars["--portal-title-color"]).toBe("#FDF6E3");
    expect(vars["--portal-menu-active-color"]).toBe("#FFD966");
    expect(vars["--portal-footer-bg"]).toBe("#072A20");
    expect(vars["--mantine-primary-color-filled"]).toBe("#145A44");
  });
  it("puts light menu texts on the header colour, dark ones on the default white", () => {
    expect(partnerVariables(css)["--portal-menu-bg"]).toBe("#0B3D2E");
    const darkMenu = partnerVariables({ ...css, menu_color: "#23443a" });
    expect(darkMenu["--portal-menu-bg"]).toBeUndefined();
    expect(darkMenu["--portal-menu-color"]).toBe("#23443a");
  });
  it("keeps primary buttons on the provider colour when white text would not read on the title colour", () => {
    expect(
      partnerVariables({ ...css, title_background: "#e8f5ee" })["--mantine-primary-color-filled"],
    ).toBeUndefined();
  });
  it("keeps the provider theme without partner colours", () => {
    expect(partnerVariables(null)).toEqual({});
  });
  it("drops values that are not colours", () => {
    const vars = partnerVariables({ ...css, header_background: "red; background: url(https://evil)" });
    expect(vars["--portal-header-bg"]).toBeUndefined();
    expect(vars["--portal-header-color"]).toBeUndefined();
    expect(isSafeColor("rgb(10, 20, 30)")).toBe(true);
    expect(isSafeColor("#12345")).toBe(false);
  });
});

describe("readableTextOn", () => {
  it("picks white on dark and dark on light backgrounds", () => {
    expect(readableTextOn("#000")).toBe("#ffffff");
    expect(readableTextOn("#0b3d2e")).toBe("#ffffff");
    expect(readableTextOn("#ffffff")).toBe("#1a1b1e");
    expect(readableTextOn("#f5c518")).toBe("#1a1b1e");
  });
});
