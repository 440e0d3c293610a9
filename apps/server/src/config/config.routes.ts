import { configApi, countryFromHost, DASHBOARD_VERSION } from "@portal/domain";
import { hostBrandOf } from "@portal/domain/host-brands";
import type { FastifyPluginAsync } from "fastify";
import { implement } from "../http/contract-routes.ts";

/**
 * What the web app needs before anyone signs in: the country (by host), whether the local mailbox is on, and the
 * host's brand (a wallet-provider or telecom-merchant host, docs/onboarding.md "Public and host pages").
 */
export const configRoutes: FastifyPluginAsync = async (app) => {
  implement(app, configApi.config, async (request) => {
    const { countryOverride, mailbox, hostBrands } = app.deps.config;
    const brand = hostBrandOf(request.host, hostBrands);
    return {
      country: countryOverride ?? countryFromHost(request.host),
      mailbox,
      version: DASHBOARD_VERSION,
      ...(brand ? { brand } : {}),
    };
  });
};
