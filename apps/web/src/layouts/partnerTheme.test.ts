import type { PartnerCss } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { isSafeColor, partnerVariables, readableTextOn } from "./partnerTheme.ts";

const css: PartnerCss = {
  header_background: "#0b3d2e",
  welcome_color: "#ffffff",
  merchant_color: "#f5c518",
  title_background: "#e8f5ee",
  title_color: "#0b3d2e",
  menu_color: "#23443a",
  menu_hover_color: "#0b3d2e",
  menu_active_color: "#137a52",
  footer_color: "#ffffff",
  footer_background: "#0b3d2e",
};

describe("partnerVariables", () => {
  it("maps the partner's colours onto the layout's variables", () => {
    const vars = partnerVariables(css);
    expect(vars["--portal-header-bg"]).toBe("#0b3d2e");
    expect(vars["--portal-header-color"]).toBe("#ffffff");
    expect(vars["--portal-title-bg"]).toBe("#e8f5ee");
    expect(vars["--portal-menu-active-color"]).toBe("#137a52");
    expect(vars["--portal-footer-bg"]).toBe("#0b3d2e");
    expect(vars["--mantine-primary-color-filled"]).toBe("#137a52");
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
