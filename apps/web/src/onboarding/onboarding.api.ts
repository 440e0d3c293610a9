import { api } from "../api/client.ts";

/** GET /api/auth/sector-industry (apps/server/src/onboarding): titles in the request's language. */
export interface SectorItem {
  id: number;
  title: string;
  industries: { id: number; title: string }[];
}

export const fetchSectors = () => api.get<SectorItem[]>("/api/auth/sector-industry");

/** POST /api/auth/business_information: a partial save (step 2) or the final submit. */
export const saveBusinessInformation = (payload: Record<string, unknown>) =>
  api.post<{ business: 0 | 1; filled_business_data: boolean }>("/api/auth/business_information", payload);
