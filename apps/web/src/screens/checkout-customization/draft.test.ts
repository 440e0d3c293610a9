import { describe, expect, it } from "vitest";
import { type Draft, draftProblems, moveMethod } from "./draft.ts";

const method = (integration_id: number, visible = true) => ({
  integration_id,
  name: `M${integration_id}`,
  gateway_type: "VPC",
  is_live: false,
  visible,
});

const draft = (o: Partial<Draft> = {}): Draft => ({
  primary_color: "#1d4ed8",
  background_color: "#ffffff",
  text_color: "#111827",
  button_text_color: "#ffffff",
  logo_image_id: null,
  logo_url: null,
  methods: [method(1), method(2)],
  post_payment_text: "",
  redirect_url: "",
  ...o,
});

describe("the checkout customization form", () => {
  it("moves a method up and down, and not past the ends", () => {
    expect(moveMethod([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveMethod([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveMethod([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveMethod([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it("finds nothing wrong with the checkout's own look", () => {
    expect(draftProblems(draft(), "en")).toEqual({});
  });

  it("says which colour is unreadable, in the dashboard's language, as the server would", () => {
    const en = draftProblems(draft({ text_color: "#aaaaaa" }), "en");
    expect(en.text_color).toMatch(
      /^The text colour is hard to read on the background colour \(contrast 2\.3:1/,
    );
    const ar = draftProblems(draft({ button_text_color: "#1d4ed8" }), "ar");
    expect(ar.button_text_color).toContain("يصعب قراءة لون نص الزر");
    expect(draftProblems(draft({ primary_color: "blue" }), "en").primary_color).toContain("six hexadecimal");
  });

  it("refuses a redirect that is not http or https, and hiding every method", () => {
    expect(draftProblems(draft({ redirect_url: "javascript:alert(1)" }), "en").redirect_url).toBe(
      "Please enter vallid url.",
    );
    expect(draftProblems(draft({ redirect_url: "https://shop.example.com/thanks" }), "en")).toEqual({});
    expect(draftProblems(draft({ methods: [method(1, false)] }), "en").methods).toBe(
      "Show at least one payment method.",
    );
  });
});
