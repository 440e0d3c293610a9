import { appConfigResponseSchema, countryFromHost, DASHBOARD_VERSION } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** What the web app needs before anyone signs in: the country (by host) and whether the local mailbox is on. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/config",
    {
      config: { public: true },
      schema: {
        tags: ["config"],
        summary: "Country, mailbox and version",
        response: { 200: appConfigResponseSchema },
      },
    },
    async (request) => {
      const { countryOverride, smtpUrl } = app.deps.config;
      return {
        country: countryOverride ?? countryFromHost(request.host),
        mailbox: smtpUrl === undefined,
        version: DASHBOARD_VERSION,
      };
    },
  );
};
