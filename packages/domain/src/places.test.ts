import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./countries.ts";
import { findCity, findState, OTHER_PLACE, placeName, STATES, statesOf } from "./places.ts";

const ARABIC = /^[\u0600-\u06FF\s]+$/;
const LATIN = /^[A-Za-z0-9' .-]+$/;

describe("reference data: states and cities", () => {
  it("has every country's real divisions", () => {
    expect(STATES.EGY).toHaveLength(27); // Egypt's governorates
    expect(STATES.ARE).toHaveLength(7); // the seven emirates
    expect(STATES.SAU).toHaveLength(13); // Saudi Arabia's regions
    expect(STATES.OMN).toHaveLength(11); // Oman's governorates
    expect(STATES.PAK.map((s) => s.en)).toEqual(
      expect.arrayContaining(["Punjab", "Sindh", "Khyber Pakhtunkhwa", "Balochistan"]),
    );
    expect(STATES.EGY.map((s) => s.en)).toEqual(expect.arrayContaining(["Cairo", "Giza", "Alexandria"]));
  });

  it("names every place in English and Arabic, with unique ids and at least one city per state", () => {
    for (const country of COUNTRIES) {
      const stateIds = new Set<string>();
      for (const state of STATES[country]) {
        expect(state.en).toMatch(LATIN);
        expect(state.ar).toMatch(ARABIC);
        expect(stateIds.has(state.id)).toBe(false);
        stateIds.add(state.id);
        expect(state.cities.length).toBeGreaterThan(0);
        const cityIds = new Set<string>();
        for (const city of state.cities) {
          expect(city.en).toMatch(LATIN);
          expect(city.ar).toMatch(ARABIC);
          expect(city.id).not.toBe(OTHER_PLACE);
          expect(cityIds.has(city.id)).toBe(false);
          cityIds.add(city.id);
        }
      }
      expect(stateIds.has(OTHER_PLACE)).toBe(false);
    }
  });

  it("finds states and cities by id and defaults to Egypt", () => {
    expect(findState("ARE", "dubai")?.ar).toBe("دبي");
    expect(findCity("EGY", "giza", "dokki")?.en).toBe("Dokki");
    expect(findCity("EGY", "cairo", "dokki")).toBeUndefined();
    expect(findState("SAU", "nowhere")).toBeUndefined();
    expect(statesOf(undefined)).toBe(STATES.EGY);
    expect(statesOf("XXX")).toBe(STATES.EGY);
    const muscat = findState("OMN", "muscat");
    if (!muscat) throw new Error("Muscat is missing");
    expect(placeName(muscat, "ar")).toBe("مسقط");
    expect(placeName(muscat, "en")).toBe("Muscat");
  });
});
