import { describe, expect, it } from "vitest";
import { SCREENS } from "../../navigation/screens.ts";
import { TUTORIAL_IDS, TUTORIALS, tutorialPart } from "./content.ts";

describe("tutorials", () => {
  it("has the spec's six parts in order, each about a merchant screen", () => {
    expect(TUTORIALS.map((part) => part.id)).toEqual([...TUTORIAL_IDS]);
    expect(TUTORIAL_IDS).toEqual([
      "introduction",
      "transactions",
      "orders",
      "standalone-checkout",
      "invoices",
      "settings",
    ]);
    for (const part of TUTORIALS) expect(SCREENS[part.screen].menus).toContain("merchant");
  });

  it("writes every part in both languages, step for step", () => {
    for (const part of TUTORIALS) {
      expect(part.ar.steps).toHaveLength(part.en.steps.length);
      expect(part.ar.tips).toHaveLength(part.en.tips.length);
      expect(part.en.steps.length).toBeGreaterThanOrEqual(4);
      for (const text of [part.ar.title, part.ar.summary, ...part.ar.steps, ...part.ar.tips])
        expect(text).toMatch(/[\u0600-\u06FF]/);
      for (const text of [part.en.title, part.en.summary, ...part.en.steps, ...part.en.tips])
        expect(text).not.toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("reads the part from the address and ignores anything else", () => {
    expect(tutorialPart({ part: "invoices" })).toEqual({ part: "invoices" });
    expect(tutorialPart({ part: "nope" })).toEqual({});
    expect(tutorialPart({ part: 3 })).toEqual({});
    expect(tutorialPart({})).toEqual({});
  });
});
