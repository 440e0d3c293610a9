import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES, isErrorCode } from "./errors.ts";

describe("ERROR_MESSAGES", () => {
  it("quotes the spec word for word", () => {
    expect(ERROR_MESSAGES.generic).toBe(
      "Oops! Something went wrong. If this problem persists, please contact your service provider.",
    );
    expect(ERROR_MESSAGES.session_expired).toBe("Your session has been expired please re-login.");
    expect(ERROR_MESSAGES.refund_422).toBe("Sorry, this transaction cannot be refund.");
    expect(ERROR_MESSAGES.refund_processing).toBe("The refund is still being processed..");
    expect(ERROR_MESSAGES.capture_404).toBe(
      "Your request cannot be fulfilled. Please make sure that your integration supports auth/capture transactions.",
    );
    expect(ERROR_MESSAGES.no_key_view_permission).toBe("This user does not have permission to view the key");
    expect(ERROR_MESSAGES.no_key_recreate_permission).toBe(
      "This user does not have permission to recreate the key",
    );
    expect(ERROR_MESSAGES.branch_edited).toBe("Edit Branchs Successfully");
    expect(ERROR_MESSAGES.credit_purchase_failed).toBe("Somethig went wrong! please try again later.");
    expect(ERROR_MESSAGES.registration_network_error).toBe("Oops,Network Error ,Please Try Again");
  });

  it("has the codes other parts rely on", () => {
    for (const code of [
      "generic",
      "session_expired",
      "wrong_old_password",
      "download_failed",
      "void_success",
      "void_422",
      "refund_success",
      "refund_422",
      "refund_processing",
      "wrong_otp",
      "otp_send_fail",
      "capture_success",
      "capture_200",
      "capture_400",
      "capture_404",
      "key_refresh_failed",
      "integration_403",
      "integration_added",
      "integration_edited",
      "order_id_exists",
      "profile_updated",
      "logged_out",
      "data_retrieval",
    ])
      expect(isErrorCode(code), code).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("nope")).toBe(false);
  });

  it("has no empty or padded texts", () => {
    for (const [code, text] of Object.entries(ERROR_MESSAGES)) {
      expect(text.length, code).toBeGreaterThan(0);
      expect(text.trim(), code).toBe(text);
    }
  });
});
