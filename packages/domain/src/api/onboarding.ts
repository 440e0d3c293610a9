import { z } from "zod";
import { errorResponseSchema, route, signedInErrors } from "../contract.ts";

/** The merchants' first-login questionnaire (docs/onboarding.md). */

export const sectorListSchema = z.array(
  z.object({
    id: z.number().int(),
    title: z.string(),
    industries: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
);
export type SectorList = z.infer<typeof sectorListSchema>;

export const businessInformationAnswerSchema = z.object({
  business: z.union([z.literal(0), z.literal(1)]),
  filled_business_data: z.boolean(),
  business_information: z.record(z.string(), z.unknown()),
});
export type BusinessInformationAnswer = z.infer<typeof businessInformationAnswerSchema>;

export const onboardingApi = {
  sectors: route({
    method: "GET",
    path: "/api/auth/sector-industry",
    access: { permission: null },
    tags: ["onboarding"],
    summary: "Sectors with their industries, titled in the Accept-Language (en or ar)",
    answers: { 200: sectorListSchema, ...signedInErrors },
  }),
  saveBusinessInformation: route({
    method: "POST",
    path: "/api/auth/business_information",
    access: { permission: null },
    tags: ["onboarding"],
    summary:
      "Save the onboarding questionnaire: step 2 sends business and the channel flags; the final submit sends all and marks the business data filled",
    body: z.record(z.string(), z.unknown()),
    answers: { 200: businessInformationAnswerSchema, 400: errorResponseSchema, ...signedInErrors },
  }),
};
