import { errorResponseSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { authError, requireUser } from "../auth/auth.hook.ts";
import { HttpError } from "../security/errors.ts";
import { INVALID_SUFFIX, invalidFieldsDetail, validateBusinessInformation } from "./business-information.ts";
import { sectorLanguage, sectorList } from "./sectors.ts";

const tags = ["onboarding"];
const signedIn = { 401: errorResponseSchema, 403: errorResponseSchema };

const sectorListSchema = z.array(
  z.object({
    id: z.number().int(),
    title: z.string(),
    industries: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
);

const businessInformationResponse = z.object({
  business: z.union([z.literal(0), z.literal(1)]),
  filled_business_data: z.boolean(),
  business_information: z.record(z.string(), z.unknown()),
});

/** The merchants' first-login questionnaire (docs/onboarding.md). */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/auth/sector-industry",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "Sectors with their industries, titled in the Accept-Language (en or ar)",
        response: { 200: sectorListSchema, ...signedIn },
      },
    },
    async (request) => {
      requireUser(request);
      return sectorList(sectorLanguage(request.headers["accept-language"]));
    },
  );

  app.post(
    "/api/auth/business_information",
    {
      config: { permission: null },
      schema: {
        tags,
        summary:
          "Save the onboarding questionnaire: step 2 sends business and the channel flags; the final submit sends all and marks the business data filled",
        body: z.record(z.string(), z.unknown()),
        response: { 200: businessInformationResponse, 400: errorResponseSchema, ...signedIn },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (
        (user.profile_type !== "Merchant" && user.profile_type !== "MerchantStaff") ||
        user.merchant_id === null
      ) {
        throw authError(403, "forbidden");
      }
      const result = validateBusinessInformation(request.body);
      if (!result.ok) {
        throw new HttpError(
          400,
          "invalid_fields",
          invalidFieldsDetail(result.invalid),
          Object.fromEntries(result.invalid.map((f) => [f, [INVALID_SUFFIX]])),
        );
      }
      const row = await app.deps.database.db
        .updateTable("merchants")
        .set({
          business_information: sql`business_information || ${JSON.stringify(result.value)}::jsonb`,
          ...(result.final ? { filled_business_data: true } : {}),
        })
        .where("id", "=", user.merchant_id)
        .returning(["business_information", "filled_business_data"])
        .executeTakeFirstOrThrow();
      request.log.info({ merchantId: user.merchant_id, final: result.final }, "business information saved");
      return {
        business: result.value.business ?? 0,
        filled_business_data: row.filled_business_data,
        business_information: row.business_information,
      };
    },
  );
};
