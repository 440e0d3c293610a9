import { describe, expect, it } from "vitest";
import { dirOf, isLang, otherLang, pathWithLang, resolveLanguage } from "./language.ts";

describe("resolveLanguage", () => {
  it("lets a valid segment win over the remembered language", () => {
    expect(resolveLanguage("ar", "en")).toEqual({ action: "use", lang: "ar" });
    expect(resolveLanguage("en", "ar")).toEqual({ action: "use", lang: "en" });
  });
  it("resets any other segment value to en with a reload", () => {
    expect(resolveLanguage("fr", "ar")).toEqual({ action: "reload", lang: "en" });
    expect(resolveLanguage("EN", undefined)).toEqual({ action: "reload", lang: "en" });
    expect(resolveLanguage("xyz", "ar")).toEqual({ action: "reload", lang: "en" });
  });
  it("adds the remembered language when the segment is missing, else en", () => {
    expect(resolveLanguage(undefined, "ar")).toEqual({ action: "add", lang: "ar" });
    expect(resolveLanguage(undefined, undefined)).toEqual({ action: "add", lang: "en" });
    expect(resolveLanguage("", "de")).toEqual({ action: "add", lang: "en" });
  });
});

describe("language helpers", () => {
  it("knows the direction and the other language", () => {
    expect(dirOf("ar")).toBe("rtl");
    expect(dirOf("en")).toBe("ltr");
    expect(otherLang("en")).toBe("ar");
    expect(otherLang("ar")).toBe("en");
    expect(isLang("ar")).toBe(true);
    expect(isLang("fr")).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });
});

describe("pathWithLang", () => {
  it("replaces an existing segment", () => {
    expect(pathWithLang("/portal2/en/transactions", "ar", true)).toBe("/portal2/ar/transactions");
    expect(pathWithLang("/portal2/fr/login", "en", true)).toBe("/portal2/en/login");
    expect(pathWithLang("/portal2/ar", "en", true)).toBe("/portal2/en");
    expect(pathWithLang("/portal2/ar/", "en", true)).toBe("/portal2/en");
  });
  it("inserts a missing segment", () => {
    expect(pathWithLang("/portal2/login", "ar", false)).toBe("/portal2/ar/login");
    expect(pathWithLang("/portal2/", "en", false)).toBe("/portal2/en");
    expect(pathWithLang("/portal2", "en", false)).toBe("/portal2/en");
    expect(pathWithLang("/portal2/register/success", "en", false)).toBe("/portal2/en/register/success");
  });
});
