import type { Country, LoginRequest, LoginResponse, SessionResponse } from "@portal/domain";
import { api } from "../api/client.ts";

/** The auth calls of the contract (docs/web.md lists them); 401 handling is explicit where it differs. */
export type Detail = { detail: string };

export interface AppConfig {
  country: Country;
  mailbox: boolean;
  version: string;
}

export interface MailboxMessage {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

export const authApi = {
  login: (body: LoginRequest) =>
    api.post<LoginResponse>("/api/auth/login", body, { handleUnauthorized: false }),
  me: () => api.get<SessionResponse>("/api/auth/me", { handleUnauthorized: false }),
  logout: () => api.get<Detail>("/api/auth/logout", { handleUnauthorized: false }),
  permissions: () => api.get<Record<string, string>>("/api/auth/merchant_staff/permission/list_perms"),
  changePassword: (body: { old_password: string; new_password: string }) =>
    api.post<Detail>("/api/auth/change_password", body),
  forgotPassword: (email: string) =>
    api.post<Detail>("/api/auth/forgot_password", { email }, { handleUnauthorized: false }),
  resetPassword: (token: string, newPassword: string) =>
    api.post<Detail>(
      "/api/auth/reset_password",
      { token, new_password: newPassword },
      { handleUnauthorized: false },
    ),
  reactivate: (token: string) =>
    api.post<Detail>("/api/auth/reactivate", { token }, { handleUnauthorized: false }),
  config: () => api.get<AppConfig>("/api/config", { handleUnauthorized: false }),
  switchDashboard: (token: string) =>
    api.get<LoginResponse>("/dashboard/v1/switch/old-dashboard", {
      handleUnauthorized: false,
      bearer: token,
    }),
  /** The local mailbox opens only with the key the server printed at start-up (404 without it). */
  mailbox: (key: string) =>
    api.get<{ messages: MailboxMessage[] }>("/api/dev/mailbox", {
      handleUnauthorized: false,
      headers: { "x-mailbox-key": key },
    }),
};
