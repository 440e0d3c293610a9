import { OTHER, type State } from "./locations.ts";

/** The popup's answers while the user goes through the three steps. */
export interface OnboardingAnswers {
  /** 1 business, 0 individual, null not chosen yet. */
  business: 0 | 1 | null;
  standalone: boolean;
  retail: boolean;
  integration: boolean;
  brand_name: string;
  sector: number | null;
  industry: number | null;
  business_description: string;
  /** A state id, OTHER, or "" (none chosen). */
  state: string;
  stateOther: string;
  /** A city id, OTHER, or "". */
  city: string;
  cityOther: string;
  street: string;
  building: string;
  floor: string;
  website_url: string;
  facebook_url: string;
  instagram_url: string;
}

export type Step = 1 | 2 | 3;
export const STEPS = 3;

export const EMPTY_ANSWERS: OnboardingAnswers = {
  business: null,
  standalone: false,
  retail: false,
  integration: false,
  brand_name: "",
  sector: null,
  industry: null,
  business_description: "",
  state: "",
  stateOther: "",
  city: "",
  cityOther: "",
  street: "",
  building: "",
  floor: "",
  website_url: "",
  facebook_url: "",
  instagram_url: "",
};

/** Building and floor are numeric: empty or digits only. */
export function isNumericOrEmpty(value: string): boolean {
  return /^\d*$/.test(value.trim());
}

/**
 * Whether Next (or Submit) is enabled: step 1 needs business or individual chosen; step 2 at least one channel;
 * step 3 brand name, sector, industry and description non-empty (and numeric building and floor).
 */
export function stepAnswered(step: Step, a: OnboardingAnswers): boolean {
  if (step === 1) return a.business !== null;
  if (step === 2) return a.standalone || a.retail || a.integration;
  return (
    a.brand_name.trim() !== "" &&
    a.sector !== null &&
    a.industry !== null &&
    a.business_description.trim() !== "" &&
    isNumericOrEmpty(a.building) &&
    isNumericOrEmpty(a.floor)
  );
}

/** Progress in percent: one third per step. */
export function progressOf(step: Step): number {
  return Math.round((step / STEPS) * 10000) / 100;
}

/** Step 2's partial save: business and the channel flags only. */
export function channelsPayload(a: OnboardingAnswers) {
  return {
    business: a.business ?? 0,
    standalone: a.standalone,
    retail: a.retail,
    integration: a.integration,
  };
}

/** The final submit: every field of the questionnaire (spec section 3). Places are stored by English name. */
export function finalPayload(a: OnboardingAnswers, states: readonly State[]) {
  const state = states.find((s) => s.id === a.state);
  const city = state?.cities.find((c) => c.id === a.city);
  const governorate = a.state === OTHER ? a.stateOther.trim() : (state?.en ?? "");
  const district = a.city === OTHER || a.state === OTHER ? a.cityOther.trim() : (city?.en ?? "");
  return {
    ...channelsPayload(a),
    social_media: a.facebook_url.trim() !== "" || a.instagram_url.trim() !== "",
    brand_name: a.brand_name.trim(),
    business_description: a.business_description.trim(),
    sector: a.sector,
    industry: a.industry,
    address_governorate: governorate,
    address_district: district,
    address_street: a.street.trim(),
    address_building: a.building.trim(),
    address_floor: a.floor.trim(),
    website_url: a.website_url.trim(),
    facebook_url: a.facebook_url.trim(),
    instagram_url: a.instagram_url.trim(),
  };
}
