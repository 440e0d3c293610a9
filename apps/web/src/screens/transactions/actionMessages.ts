/**
 * The message of each transaction action's outcome (merchant-dashboard.md section 8), as a key of the
 * "transactions.messages" catalogue section. Pure, so the rule per status code is unit-tested.
 */
export type TransactionAction = "delete" | "void" | "refund" | "capture" | "receipt" | "resend";

export type ActionMessageKey =
  | "generic"
  | "deleteSuccess"
  | "voidSuccess"
  | "void422"
  | "refundSuccess"
  | "refund422"
  | "refundProcessing"
  | "wrongOtp"
  | "otpSendFail"
  | "refundExceedsRemaining"
  | "partialRefundRemainder"
  | "refundProviderMaximum"
  | "captureSuccess"
  | "capture200"
  | "capture400"
  | "capture404"
  | "captureExceedsMaximum"
  | "resendSuccess"
  | "noCallbackUrl";

export const SUCCESS_MESSAGES: Record<TransactionAction, ActionMessageKey> = {
  delete: "deleteSuccess",
  void: "voidSuccess",
  refund: "refundSuccess",
  capture: "captureSuccess",
  receipt: "generic",
  resend: "resendSuccess",
};

/** Reasons (the answer's `code`) that carry a message of their own whatever the status. */
const BY_REASON: Partial<Record<TransactionAction, Record<string, ActionMessageKey>>> = {
  refund: {
    refund_processing: "refundProcessing",
    still_processing: "refundProcessing",
    wrong_otp: "wrongOtp",
    otp_send_fail: "otpSendFail",
    exceeds_remaining: "refundExceedsRemaining",
    refund_exceeds_remaining: "refundExceedsRemaining",
    remainder_too_small: "partialRefundRemainder",
    partial_refund_remainder: "partialRefundRemainder",
    exceeds_provider_maximum: "refundProviderMaximum",
    refund_provider_maximum: "refundProviderMaximum",
  },
  capture: { exceeds_maximum: "captureExceedsMaximum", capture_exceeds_maximum: "captureExceedsMaximum" },
  resend: { no_callback_url: "noCallbackUrl" },
};

/**
 * The failure message of an action: by the answer's reason code when it has its own text, else by HTTP status
 * (void 422; refund 422; capture 200 with success false, 400, 404), else the generic text. Status 0 means no
 * answer (network, timeout): generic.
 */
export function failureMessage(action: TransactionAction, status: number, code?: string): ActionMessageKey {
  const byReason = code ? BY_REASON[action]?.[code] : undefined;
  if (byReason) return byReason;
  switch (action) {
    case "void":
      return status === 422 ? "void422" : "generic";
    case "refund":
      return status === 422 ? "refund422" : "generic";
    case "capture":
      if (status === 200) return "capture200";
      if (status === 400) return "capture400";
      if (status === 404) return "capture404";
      return "generic";
    default:
      return "generic";
  }
}

/** A capture answered 200 can still be a refusal: the provider says success false (spec section 8). */
export function isRefusedCapture(answer: unknown): boolean {
  return (
    typeof answer === "object" &&
    answer !== null &&
    "success" in answer &&
    (answer as { success: unknown }).success === false &&
    !("pending" in answer && (answer as { pending: unknown }).pending === true)
  );
}
