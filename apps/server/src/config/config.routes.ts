import { configApi, countryFromHost, DASHBOARD_VERSION } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { implement } from "../http/contract-routes.ts";

/** What the web app needs before anyone signs in: the country (by host) and whether the local mailbox is on. */
export const configRoutes: FastifyPluginAsync = async (app) => {
  implement(app, configApi.config, async (request) => {
    const { countryOverride, mailbox } = app.deps.config;
    return {
      country: countryOverride ?? countryFromHost(request.host),
      mailbox,
      version: DASHBOARD_VERSION,
    };
  });
};
