import { onboardingApi } from "@portal/domain";
import type { FastifyPluginAsync } from "fastify";
import { authError, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { INVALID_SUFFIX, invalidFieldsDetail, validateBusinessInformation } from "./business-information.ts";
import { saveBusinessInformation } from "./onboarding.repository.ts";
import { sectorLanguage, sectorList } from "./sectors.ts";

/** The merchants' first-login questionnaire (docs/onboarding.md). */
export const onboardingRoutes: FastifyPluginAsync = async (app) => {
  implement(app, onboardingApi.sectors, async (request) => {
    requireUser(request);
    return sectorList(sectorLanguage(request.headers["accept-language"]));
  });

  implement(app, onboardingApi.saveBusinessInformation, async (request) => {
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
    const row = await saveBusinessInformation(
      app.deps.database.db,
      user.merchant_id,
      result.value,
      result.final,
    );
    request.log.info({ merchantId: user.merchant_id, final: result.final }, "business information saved");
    return {
      business: result.value.business ?? 0,
      filled_business_data: row.filled_business_data,
      business_information: row.business_information,
    };
  });
};
