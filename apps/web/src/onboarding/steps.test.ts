import { describe, expect, it } from "vitest";
import { OTHER, STATES, statesOf } from "./locations.ts";
import { channelsPayload, EMPTY_ANSWERS, finalPayload, progressOf, stepAnswered } from "./steps.ts";

const step3 = {
  ...EMPTY_ANSWERS,
  business: 1 as const,
  retail: true,
  brand_name: "Nile Gadgets",
  sector: 1,
  industry: 101,
  business_description: "Phones",
};

describe("onboarding step rules", () => {
  it("step 1 needs business or individual chosen", () => {
    expect(stepAnswered(1, EMPTY_ANSWERS)).toBe(false);
    expect(stepAnswered(1, { ...EMPTY_ANSWERS, business: 0 })).toBe(true);
    expect(stepAnswered(1, { ...EMPTY_ANSWERS, business: 1 })).toBe(true);
  });

  it("step 2 needs at least one channel", () => {
    expect(stepAnswered(2, { ...EMPTY_ANSWERS, business: 1 })).toBe(false);
    for (const key of ["standalone", "retail", "integration"] as const) {
      expect(stepAnswered(2, { ...EMPTY_ANSWERS, [key]: true }), key).toBe(true);
    }
  });

  it("step 3 needs brand name, sector, industry and description, and numeric building and floor", () => {
    expect(stepAnswered(3, step3)).toBe(true);
    expect(stepAnswered(3, { ...step3, brand_name: "  " })).toBe(false);
    expect(stepAnswered(3, { ...step3, sector: null })).toBe(false);
    expect(stepAnswered(3, { ...step3, industry: null })).toBe(false);
    expect(stepAnswered(3, { ...step3, business_description: "" })).toBe(false);
    expect(stepAnswered(3, { ...step3, building: "12a" })).toBe(false);
    expect(stepAnswered(3, { ...step3, floor: "3", building: "12" })).toBe(true);
  });

  it("progresses one third per step", () => {
    expect(progressOf(1)).toBeCloseTo(33.33, 2);
    expect(progressOf(2)).toBeCloseTo(66.67, 2);
    expect(progressOf(3)).toBe(100);
  });

  it("sends only business and the channels after step 2", () => {
    expect(channelsPayload({ ...step3, standalone: true })).toEqual({
      business: 1,
      standalone: true,
      retail: true,
      integration: false,
    });
  });

  it("sends every field on submit, places by English name or the 'Other' text", () => {
    const egypt = statesOf("EGY");
    const chosen = finalPayload({ ...step3, state: "giza", city: "dokki", building: " 12 " }, egypt);
    expect(chosen).toMatchObject({
      business: 1,
      retail: true,
      brand_name: "Nile Gadgets",
      sector: 1,
      industry: 101,
      address_governorate: "Giza",
      address_district: "Dokki",
      address_building: "12",
      social_media: false,
    });
    const other = finalPayload(
      {
        ...step3,
        state: OTHER,
        stateOther: "Luxor",
        city: OTHER,
        cityOther: "Karnak",
        facebook_url: "https://facebook.com/x",
      },
      egypt,
    );
    expect(other).toMatchObject({
      address_governorate: "Luxor",
      address_district: "Karnak",
      social_media: true,
    });
  });

  it("lists the states of the stored country, Egypt by default", () => {
    expect(statesOf("ARE")).toHaveLength(7);
    expect(statesOf(undefined)).toBe(STATES.EGY);
    expect(statesOf("EGY").map((s) => s.en)).toContain("Cairo");
  });
});
