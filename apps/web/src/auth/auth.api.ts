import type { AnswerOf, ApiRoutes, ChangePasswordRequest, LoginRequest } from "@portal/domain";
import { call } from "../api/client.ts";

/**
 * The auth calls (contracts: packages/domain/src/api/auth.ts and api/config.ts); docs/web.md lists them. 401
 * handling is explicit where a 401 means something else than an ended session.
 */

/** GET /api/config's answer: what the app needs before sign-in. */
export type AppConfig = AnswerOf<ApiRoutes["GET /api/config"]>;
/** One e-mail of the local mailbox. */
export type MailboxMessage = AnswerOf<ApiRoutes["GET /api/dev/mailbox"]>["messages"][number];

const quiet = { handleUnauthorized: false } as const;

export const authApi = {
  login: (body: LoginRequest) => call("POST /api/auth/login", { body }, quiet),
  me: () => call("GET /api/auth/me", undefined, quiet),
  logout: () => call("GET /api/auth/logout", undefined, quiet),
  permissions: () => call("GET /api/auth/merchant_staff/permission/list_perms"),
  changePassword: (body: ChangePasswordRequest) => call("POST /api/auth/change_password", { body }),
  forgotPassword: (email: string) => call("POST /api/auth/forgot_password", { body: { email } }, quiet),
  resetPassword: (token: string, newPassword: string) =>
    call("POST /api/auth/reset_password", { body: { token, new_password: newPassword } }, quiet),
  reactivate: (token: string) => call("POST /api/auth/reactivate", { body: { token } }, quiet),
  config: () => call("GET /api/config", undefined, quiet),
  switchDashboard: (token: string) =>
    call("GET /dashboard/v1/switch/old-dashboard", undefined, { ...quiet, bearer: token }),
  /** The local mailbox opens only with the key the server printed at start-up (404 without it). */
  mailbox: (key: string) =>
    call("GET /api/dev/mailbox", undefined, { ...quiet, headers: { "x-mailbox-key": key } }),
};
