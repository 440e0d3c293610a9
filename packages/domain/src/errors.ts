/**
 * The spec's error and outcome catalogue (merchant-dashboard.md section 8, back-office.md section 8): stable code
 * -> English text, word for word including the spec's spelling. Clients translate by code; {name} placeholders
 * are filled with messageText (messages.ts). Texts the spec paraphrases rather than quotes are marked.
 */
export const ERROR_MESSAGES = {
  generic: "Oops! Something went wrong. If this problem persists, please contact your service provider.",
  session_expired: "Your session has been expired please re-login.",
  page_will_reload: "Something went wrong. This page will reload.",
  wrong_old_password: "The old password entered is incorrect.",
  download_failed: "Download Failed. If this problem persists, please contact your service provider.",
  data_retrieval: "An error occurred while retrieving data, Please try again",
  delete_success: "Transaction deleted successfully",
  void_success: "Transaction void successfully",
  void_422: "Sorry, this transaction cannot be voided.",
  refund_success: "Transaction refund successfully",
  refund_422: "Sorry, this transaction cannot be refund.",
  refund_processing: "The refund is still being processed..",
  wrong_otp: "Wrong OTP",
  otp_send_fail: "OTP send fail, please try again later.",
  capture_success: "Capture transaction is successful.",
  capture_200:
    "Sorry, this transaction cannot be captured. Please make sure that the auth transaction was not captured before.",
  capture_400:
    "Your request cannot be fulfilled. Please make sure that the auth transaction was not captured before.",
  capture_404:
    "Your request cannot be fulfilled. Please make sure that your integration supports auth/capture transactions.",
  key_refresh_failed: "Oops! Something went wrong while refreshing key, please try again later.",
  no_key_view_permission: "This user does not have permission to view the key",
  no_key_recreate_permission: "This user does not have permission to recreate the key",
  integration_403: "Cannot create this integration.",
  integration_added: "Integration added to your profile.",
  integration_edited: "process completed successfully.",
  /** Paraphrased in the spec ("cannot create more than 10 iframes; contact support at {email}"). */
  iframe_limit: "Cannot create more than 10 iframes; contact support at {email}.",
  order_id_exists: "Order ID already exists",
  merchant_invoice_id_exists: "Merchant Invoice ID already exists",
  product_id_exists: "Product ID already exists",
  merchant_product_id_exists: "Merchant Product ID already exists",
  email_registered: "This email seems to be already registered.",
  qr_failed: "SomeThing Went Wrong Please Try Again",
  permissions_update_failed: "There seems to be an error while updating the user permissions.",
  terminal_updated: "Update Terminal Successfully",
  branch_edited: "Edit Branchs Successfully",
  branches_added: "Add Branches Successfully",
  profile_updated: "Your request completed successfully.",
  logged_out: "You have logged-out successfully",
  credit_purchase_failed: "Somethig went wrong! please try again later.",
  lending_no_loan: "User does not have Loan",
  lending_insufficient_balance: "User does not have enough balance",
  lending_payment_failed: "Payment failed, please try again later",
  incorrect_credentials: "incorrect credentials",
  merchant_cannot_activate: "Can't activate merchant, Please contact us.",
  no_bank_account: "There is no bank account.",
  resend_sms_wait: "Try again after 60 second",
  link_cancel_failed: "Failed to cancel payment link. Please try again.",
  registration_network_error: "Oops,Network Error ,Please Try Again",
  report_submitted: "Request Submitted",
  invoice_created: "Invoice Created Successfully, you will redirect to Invoices page.",
  no_payment_integrations: "You don't have payment integrations",
  onboarding_completed: "You have completed on boarding successfully.",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_MESSAGES, value);
}
