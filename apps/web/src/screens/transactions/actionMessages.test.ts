import { describe, expect, it } from "vitest";
import { failureMessage, isRefusedCapture, SUCCESS_MESSAGES } from "./actionMessages.ts";

describe("transaction action messages (spec section 8)", () => {
  it("void: 422 has its own text, anything else is generic", () => {
    expect(failureMessage("void", 422)).toBe("void422");
    expect(failureMessage("void", 500)).toBe("generic");
    expect(failureMessage("void", 0)).toBe("generic");
  });
  it("refund: 422, still processing, OTP problems, amount rules", () => {
    expect(failureMessage("refund", 422, "not_refundable")).toBe("refund422");
    expect(failureMessage("refund", 409, "refund_processing")).toBe("refundProcessing");
    expect(failureMessage("refund", 400, "wrong_otp")).toBe("wrongOtp");
    expect(failureMessage("refund", 502, "otp_send_fail")).toBe("otpSendFail");
    expect(failureMessage("refund", 400, "exceeds_remaining")).toBe("refundExceedsRemaining");
    expect(failureMessage("refund", 400, "remainder_too_small")).toBe("partialRefundRemainder");
    expect(failureMessage("refund", 503)).toBe("generic");
  });
  it("capture: 200 refusal, 400, 404, maximum, else generic", () => {
    expect(failureMessage("capture", 200)).toBe("capture200");
    expect(failureMessage("capture", 400, "already_captured")).toBe("capture400");
    expect(failureMessage("capture", 404, "not_auth")).toBe("capture404");
    expect(failureMessage("capture", 400, "exceeds_maximum")).toBe("captureExceedsMaximum");
    expect(failureMessage("capture", 500)).toBe("generic");
  });
  it("delete and receipt failures are generic; a missing callback url says so", () => {
    expect(failureMessage("delete", 404)).toBe("generic");
    expect(failureMessage("receipt", 500)).toBe("generic");
    expect(failureMessage("resend", 409, "no_callback_url")).toBe("noCallbackUrl");
  });
  it("every action has its success message", () => {
    expect(SUCCESS_MESSAGES.refund).toBe("refundSuccess");
    expect(SUCCESS_MESSAGES.capture).toBe("captureSuccess");
    expect(SUCCESS_MESSAGES.void).toBe("voidSuccess");
    expect(SUCCESS_MESSAGES.delete).toBe("deleteSuccess");
  });
  it("a 200 capture answer with success false is a refusal, a pending one is not", () => {
    expect(isRefusedCapture({ success: false, pending: false })).toBe(true);
    expect(isRefusedCapture({ success: false, pending: true })).toBe(false);
    expect(isRefusedCapture({ success: true })).toBe(false);
    expect(isRefusedCapture(null)).toBe(false);
  });
});
