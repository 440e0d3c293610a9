import { countryFromHost, REGISTRATION_MESSAGES, registrationApi } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import {
  checkReferralCode,
  confirm,
  type RegistrationContext,
  referring,
  register,
  resend,
} from "./registration.service.ts";

/**
 * Registration and growth (contracts: packages/domain/src/api/registration.ts; docs/onboarding.md "Registration
 * and growth"). The country is the host's, as for /api/config (COUNTRY_OVERRIDE wins).
 */
export const registrationRoutes: FastifyPluginAsync = async (app) => {
  const ctx = (): RegistrationContext => ({
    db: app.deps.database.db,
    config: app.deps.config,
    dataKey: app.payments.dataKey,
  });

  implement(app, registrationApi.register, async (request, reply) => {
    const country = app.deps.config.countryOverride ?? countryFromHost(request.host);
    const { merchantId, email } = await register(ctx(), country, request.body, request.ip);
    request.log.info({ merchantId }, "merchant registered");
    reply.code(201);
    return { detail: REGISTRATION_MESSAGES.registered, email };
  });

  implement(app, registrationApi.confirm, async (request) => {
    const username = await confirm(ctx(), request.body.token, request.ip);
    return { detail: REGISTRATION_MESSAGES.confirmed, username };
  });

  implement(app, registrationApi.resend, async (request) => {
    await resend(ctx(), request.body.email, request.body.lang, request.ip);
    return { detail: REGISTRATION_MESSAGES.resent };
  });

  implement(app, registrationApi.referralCode, async (request) =>
    checkReferralCode(ctx(), request.params.code, request.ip),
  );

  /** A merchant's owner and staff see its referrals; other profiles have none. */
  implement(app, registrationApi.referring, async (request) => {
    const user = requireUser(request);
    if (
      user.merchant_id === null ||
      (user.profile_type !== "Merchant" && user.profile_type !== "MerchantStaff")
    )
      throw new HttpError(403, "forbidden", "Only merchants have a referral link.");
    return referring(ctx(), user.merchant_id);
  });
};
