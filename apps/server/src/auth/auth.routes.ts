import { AUTH_DETAILS, authApi, permissionDictionary } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { implement } from "../http/contract-routes.ts";
import { tokenHash } from "../security/tokens.ts";
import { clearSessionCookies, readCredential, setSessionCookies } from "../sessions/session.cookies.ts";
import { deleteSession } from "../sessions/session.repository.ts";
import { hostScope } from "../sessions/session-country.ts";
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

/** Sign-in, the session, passwords and reactivation (docs/auth.md); contracts in packages/domain/src/api/auth.ts. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const ctx = (): AuthContext => ({ db: app.deps.database.db, config: app.deps.config });

  implement(app, authApi.login, async (request, reply) => {
    // A browser signing in again leaves its previous session behind: end it.
    const previous = readCredential(request);
    const host = hostScope(app.deps.config, request.host);
    const { session, answer } = await signIn(ctx(), request.body, request.ip, host);
    if (previous) await deleteSession(app.deps.database.db, tokenHash(previous.token));
    setSessionCookies(request, reply, session);
    request.log.info({ userId: answer.profile.user.id, kind: session.kind }, "signed in");
    return answer;
  });

  implement(app, authApi.me, async (request) => {
    const user = requireUser(request);
    const credential = readCredential(request)!;
    return sessionAnswer(app.deps.database.db, user.id, credential.token);
  });

  implement(app, authApi.logout, async (request, reply) => {
    const credential = readCredential(request);
    if (credential) await deleteSession(app.deps.database.db, tokenHash(credential.token));
    clearSessionCookies(request, reply);
    return { detail: AUTH_DETAILS.logged_out };
  });

  implement(app, authApi.permissions, async () => permissionDictionary());

  implement(app, authApi.changePassword, async (request) => {
    const user = requireUser(request);
    await changePassword(ctx(), user, request.body.old_password, request.body.new_password);
    return { detail: AUTH_DETAILS.request_completed };
  });

  implement(app, authApi.forgotPassword, async (request) => {
    await forgotPassword(ctx(), request.body.email, request.ip, request.log);
    return { detail: AUTH_DETAILS.reset_link_sent };
  });

  implement(app, authApi.resetPassword, async (request) => {
    await resetPassword(ctx(), request.body.token, request.body.new_password, request.ip);
    return { detail: AUTH_DETAILS.password_reset };
  });

  implement(app, authApi.reactivate, async (request) => {
    await reactivate(ctx(), request.body.token, request.ip);
    return { detail: AUTH_DETAILS.reactivated };
  });
};
