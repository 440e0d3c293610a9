import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import ar from "../../i18n/ar.json";
import en from "../../i18n/en.json";
import { fieldMessage, SERVER_FIELD_MESSAGES } from "./serverMessages.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const contract = readFileSync(path.join(here, "../../../../../packages/domain/src/api/merchants.ts"), "utf8");

describe("the back-office dialogs show the server's field refusals in the user's language", () => {
  const make = async (lng: "en" | "ar") => {
    const i = i18next.createInstance();
    await i.init({ lng, resources: { [lng]: { translation: lng === "en" ? en : ar } } });
    return i.t.bind(i);
  };
  let tEn: Awaited<ReturnType<typeof make>>;
  let tAr: Awaited<ReturnType<typeof make>>;
  beforeAll(async () => {
    tEn = await make("en");
    tAr = await make("ar");
  });

  it("knows every message the merchants contract can answer with", () => {
    const messages = [...contract.matchAll(/message: "([^"]+)"/g)].map((m) => m[1]!);
    expect(messages.length).toBeGreaterThan(5);
    for (const m of messages) expect(SERVER_FIELD_MESSAGES, m).toHaveProperty([m]);
  });

  it("translates each known message, the length limit with its number, and leaves an unknown one as it is", () => {
    for (const message of Object.keys(SERVER_FIELD_MESSAGES)) {
      const english = fieldMessage(tEn as never, message);
      const arabic = fieldMessage(tAr as never, message);
      expect(english, message).not.toMatch(/^merchants\./);
      expect(arabic, message).toMatch(/[\u0600-\u06ff]/);
    }
    expect(fieldMessage(tEn as never, "This field is required.")).toBe("This field is required.");
    expect(fieldMessage(tAr as never, "Ensure this field has no more than 500 characters.")).toContain("500");
    expect(fieldMessage(tAr as never, "Ensure this field has no more than 500 characters.")).toMatch(
      /[\u0600-\u06ff]/,
    );
    expect(fieldMessage(tAr as never, "Something new.")).toBe("Something new.");
  });
});
