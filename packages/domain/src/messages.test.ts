import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES } from "./errors.ts";
import { interpolate, messageText } from "./messages.ts";
import { VALIDATION_MESSAGES } from "./validation.ts";

describe("messages", () => {
  it("keeps error and validation codes disjoint", () => {
    const overlap = Object.keys(ERROR_MESSAGES).filter((code) => Object.hasOwn(VALIDATION_MESSAGES, code));
    expect(overlap).toEqual([]);
  });

  it("looks up both catalogues", () => {
    expect(messageText("void_422")).toBe("Sorry, this transaction cannot be voided.");
    expect(messageText("required")).toBe("This field is required.");
  });

  it("fills placeholders and leaves unknown ones", () => {
    expect(messageText("iframe_limit", { email: "support@example.com" })).toBe(
      "Cannot create more than 10 iframes; contact support at support@example.com.",
    );
    expect(interpolate("{a} and {b}", { a: 1 })).toBe("1 and {b}");
    expect(interpolate("{toString}", {})).toBe("{toString}");
  });
});
