import { PROFILE_LIMITS, profileApi } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { requireUser } from "../auth/auth.hook.ts";
import { confirmCurrentPassword } from "../auth/auth.service.ts";
import { implement } from "../http/contract-routes.ts";
import {
  checkCompany,
  merchantProfile,
  profileOwner,
  saveBranding,
  saveCompany,
  saveContract,
  saveLogo,
  saveNotifications,
} from "./profile.service.ts";

/** The contract route's body limit: 4 MB in base64 plus room for the name. */
const CONTRACT_BODY_LIMIT = Math.ceil(PROFILE_LIMITS.contract_bytes / 3) * 4 + 16 * 1024;

/** The merchant's Profile and Settings (issue 18 item 1; docs/settings.md "Profile and settings"). */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const db = app.deps.database.db;
  const ctx = () => ({ db, config: app.deps.config });
  // The contract comes as base64 JSON: 4 MB of file needs more than the default 1 MB body.
  app.addHook("onRoute", (route) => {
    if (route.url === profileApi.contract.path) route.bodyLimit ??= CONTRACT_BODY_LIMIT;
  });

  implement(app, profileApi.show, async (request) => merchantProfile(db, requireUser(request)));

  implement(app, profileApi.company, async (request) => {
    const user = requireUser(request);
    const merchantId = profileOwner(user);
    // The rules first: a mistyped phone does not cost a password attempt.
    const value = checkCompany(request.body);
    await confirmCurrentPassword(ctx(), user, request.body.password);
    await saveCompany(db, merchantId, value);
    request.log.info({ merchantId }, "company info changed");
    return merchantProfile(db, user);
  });

  implement(app, profileApi.branding, async (request) => {
    const user = requireUser(request);
    await saveBranding(db, profileOwner(user), request.body);
    return merchantProfile(db, user);
  });

  implement(app, profileApi.logo, async (request) => {
    const user = requireUser(request);
    await saveLogo(db, profileOwner(user), request.body.image_id);
    return merchantProfile(db, user);
  });

  implement(app, profileApi.notifications, async (request) => {
    const user = requireUser(request);
    const merchantId = profileOwner(user);
    await confirmCurrentPassword(ctx(), user, request.body.password);
    await saveNotifications(db, merchantId, request.body.enabled);
    request.log.info({ merchantId, enabled: request.body.enabled }, "notification e-mails switched");
    return merchantProfile(db, user);
  });

  implement(app, profileApi.contract, async (request, reply) => {
    const user = requireUser(request);
    await saveContract(db, profileOwner(user), user.id, request.body);
    return reply.code(201).send(await merchantProfile(db, user));
  });
};
