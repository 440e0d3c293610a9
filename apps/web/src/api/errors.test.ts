import { describe, expect, it } from "vitest";
import { ApiError, errorMessage } from "./errors.ts";

const GENERIC = "Oops! Something went wrong. If this problem persists, please contact your service provider.";
const codes: Record<string, string> = { wrong_old_password: "كلمة المرور القديمة التي أدخلتها غير صحيحة." };
const translate = (code: string) => codes[code];

describe("errorMessage", () => {
  it("gives the generic text when there is no answer", () => {
    expect(errorMessage(new ApiError("timeout", 0, undefined), GENERIC, translate)).toBe(GENERIC);
    expect(errorMessage(new ApiError("network", 0, undefined), GENERIC, translate)).toBe(GENERIC);
    expect(errorMessage(new Error("boom"), GENERIC, translate)).toBe(GENERIC);
  });
  it("shows a known code in the user's language", () => {
    const err = new ApiError("http", 400, {
      code: "wrong_old_password",
      detail: "The old password entered is incorrect.",
    });
    expect(errorMessage(err, GENERIC, translate)).toBe(codes.wrong_old_password);
  });
  it("takes the server's filled-in message over a translation with values to fill", () => {
    const withValue = (code: string) =>
      code === "iframe_limit" ? "لا يمكن إنشاء أكثر من 10 إطارات؛ تواصل مع الدعم على {{email}}." : undefined;
    const err = new ApiError("http", 403, {
      code: "iframe_limit",
      detail: "Cannot create more than 10 iframes; contact support at support@example.com.",
    });
    expect(errorMessage(err, GENERIC, withValue)).toBe(
      "Cannot create more than 10 iframes; contact support at support@example.com.",
    );
  });
  it("takes the detail, then message, then error field of the answer", () => {
    expect(
      errorMessage(new ApiError("http", 422, { detail: "d", message: "m", error: "e" }), GENERIC, translate),
    ).toBe("d");
    expect(errorMessage(new ApiError("http", 422, { message: "m", error: "e" }), GENERIC, translate)).toBe(
      "m",
    );
    expect(errorMessage(new ApiError("http", 422, { error: "e" }), GENERIC, translate)).toBe("e");
    expect(
      errorMessage(new ApiError("http", 422, { code: "unknown", detail: "d" }), GENERIC, translate),
    ).toBe("d");
  });
  it("falls back to the generic text when the answer has no usable text", () => {
    expect(errorMessage(new ApiError("http", 500, undefined), GENERIC, translate)).toBe(GENERIC);
    expect(
      errorMessage(
        new ApiError("http", 500, { detail: { nested: true }, message: "  " }),
        GENERIC,
        translate,
      ),
    ).toBe(GENERIC);
  });
  it("exposes the code and the field errors", () => {
    const err = new ApiError("http", 400, {
      code: "weak_password",
      fields: { new_password: ["too_short", 3] },
    });
    expect(err.code).toBe("weak_password");
    expect(err.fields).toEqual({ new_password: ["too_short"] });
  });
});
