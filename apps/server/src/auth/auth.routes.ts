import {
  AUTH_DETAILS,
  changePasswordRequestSchema,
  detailResponseSchema,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  permissionDictionary,
  permissionListResponseSchema,
  reactivateRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tokenHash } from "../security/tokens.ts";
import { clearSessionCookies, readCredential, setSessionCookies } from "../sessions/session.cookies.ts";
import { deleteSession } from "../sessions/session.repository.ts";
import { hostCountry } from "../sessions/session-country.ts";
import { requireUser } from "./auth.hook.ts";
import {
  type AuthContext,
  changePassword,
  forgotPassword,
  reactivate,
  resetPassword,
  sessionAnswer,
  signIn,
} from "./auth.service.ts";

const tags = ["auth"];
const signedIn = { 401: errorResponseSchema, 403: errorResponseSchema };

/** Sign-in, the session, passwords and reactivation (docs/auth.md). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (): AuthContext => ({ db: app.deps.database.db, config: app.deps.config });

  app.post(
    "/api/auth/login",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Sign in with username and password",
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // A browser signing in again leaves its previous session behind: end it.
      const previous = readCredential(request);
      const country = hostCountry(app.deps.config, request.host);
      const { session, answer } = await signIn(ctx(), request.body, request.ip, country);
      if (previous) await deleteSession(app.deps.database.db, tokenHash(previous.token));
      setSessionCookies(request, reply, session);
      request.log.info({ userId: answer.profile.user.id, kind: session.kind }, "signed in");
      return answer;
    },
  );

  app.get(
    "/api/auth/me",
    {
      config: { permission: null, allowTempSession: true },
      schema: { tags, summary: "The current session", response: { 200: sessionResponseSchema, ...signedIn } },
    },
    async (request) => {
      const user = requireUser(request);
      const credential = readCredential(request)!;
      return sessionAnswer(app.deps.database.db, user.id, credential.token);
    },
  );

  app.get(
    "/api/auth/logout",
    {
      // Public so that an expired or unknown session can still clear its cookies.
      config: { public: true },
      schema: { tags, summary: "End the current session", response: { 200: detailResponseSchema } },
    },
    async (request, reply) => {
      const credential = readCredential(request);
      if (credential) await deleteSession(app.deps.database.db, tokenHash(credential.token));
      clearSessionCookies(request, reply);
      return { detail: AUTH_DETAILS.logged_out };
    },
  );

  app.get(
    "/api/auth/merchant_staff/permission/list_perms",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "Permission ids and names",
        response: { 200: permissionListResponseSchema, ...signedIn },
      },
    },
    async () => permissionDictionary(),
  );

  app.post(
    "/api/auth/change_password",
    {
      config: { permission: null, allowTempSession: true },
      schema: {
        tags,
        summary: "Change the signed-in user's password",
        body: changePasswordRequestSchema,
        response: { 200: detailResponseSchema, 400: errorResponseSchema, ...signedIn },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await changePassword(ctx(), user, request.body.old_password, request.body.new_password);
      return { detail: AUTH_DETAILS.request_completed };
    },
  );

  app.post(
    "/api/auth/forgot_password",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "E-mail a password reset link",
        body: forgotPasswordRequestSchema,
        response: { 200: detailResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await forgotPassword(ctx(), request.body.email, request.ip);
      return { detail: AUTH_DETAILS.reset_link_sent };
    },
  );

  app.post(
    "/api/auth/reset_password",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Set a new password with an e-mailed token",
        body: resetPasswordRequestSchema,
        response: { 200: detailResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(ctx(), request.body.token, request.body.new_password);
      return { detail: AUTH_DETAILS.password_reset };
    },
  );

  app.post(
    "/api/auth/reactivate",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Reactivate a locked account with an e-mailed token",
        body: reactivateRequestSchema,
        response: { 200: detailResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await reactivate(ctx(), request.body.token);
      return { detail: AUTH_DETAILS.reactivated };
    },
  );
};
