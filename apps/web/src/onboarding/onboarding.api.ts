import { call } from "../api/client.ts";

/** Sectors with their industries, titled in the request's language. */
export const fetchSectors = () => call("GET /api/auth/sector-industry");

/** A partial save (step 2) or the final submit of the questionnaire. */
export const saveBusinessInformation = (payload: Record<string, unknown>) =>
  call("POST /api/auth/business_information", { body: payload });
