import { authApi } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { implement } from "../http/contract-routes.ts";
import { setSessionCookies } from "../sessions/session.cookies.ts";
import { createSession } from "../sessions/session.repository.ts";
import { authError, requireUser } from "./auth.hook.ts";
import { sessionAnswer } from "./auth.service.ts";

/**
 * Switching dashboards (spec sections 2 and 7): a dashboard that already signed the user in leaves its token in
 * the switch-dashboards cookie and opens this one with ?sdi; the app sends that token as a bearer token here and
 * receives a browser session of its own (a new session row and cookies), so the two can be signed out apart.
 */
export const switchRoutes: FastifyPluginAsync = async (app) => {
  implement(app, authApi.switchDashboard, async (request, reply) => {
    const user = requireUser(request);
    if (user.session.via !== "bearer") throw authError(403, "forbidden");
    // Bound to the user's country, as at sign-in (the bearer session was just accepted on this host).
    const session = await createSession(app.deps.database.db, user.id, "full", user.country);
    setSessionCookies(request, reply, session);
    const answer = await sessionAnswer(app.deps.database.db, user.id, session.token);
    request.log.info({ userId: user.id }, "switched dashboards");
    return { token: session.token, sso_token: session.token, ...answer };
  });
};
