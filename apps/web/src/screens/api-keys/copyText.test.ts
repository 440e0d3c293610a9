import { describe, expect, it } from "vitest";
import { copyText, recreatePermission } from "./copyText.ts";

function fakeDocument(
  clipboard: { writeText?: (text: string) => Promise<void> } | undefined,
  command: boolean,
) {
  const appended: { value: string; removed: boolean }[] = [];
  const doc = {
    defaultView: { navigator: { clipboard } },
    body: {
      appendChild: (node: { value: string; removed: boolean }) => {
        appended.push(node);
      },
    },
    createElement: () => {
      const node = {
        value: "",
        removed: false,
        style: {},
        setAttribute: () => undefined,
        select: () => undefined,
        remove: () => {
          node.removed = true;
        },
      };
      return node;
    },
    execCommand: () => command,
  };
  return { doc: doc as unknown as Document, appended };
}

describe("copying a key", () => {
  it("uses the Clipboard API when it is there", async () => {
    const written: string[] = [];
    const { doc, appended } = fakeDocument(
      {
        writeText: async (text) => {
          written.push(text);
        },
      },
      false,
    );
    expect(await copyText("egy_pk_test_1", doc)).toBe(true);
    expect(written).toEqual(["egy_pk_test_1"]);
    expect(appended).toHaveLength(0);
  });

  it("falls back to the copy command when the Clipboard API refuses, and cleans up", async () => {
    const { doc, appended } = fakeDocument(
      {
        writeText: async () => {
          throw new Error("denied");
        },
      },
      true,
    );
    expect(await copyText("secret", doc)).toBe(true);
    expect(appended[0]?.value).toBe("secret");
    expect(appended[0]?.removed).toBe(true);
  });

  it("answers false when nothing works", async () => {
    const { doc } = fakeDocument(undefined, false);
    expect(await copyText("x", doc)).toBe(false);
  });

  it("asks the right permission to recreate each kind of key", () => {
    expect(recreatePermission("api")).toBe("can recreate api key");
    expect(recreatePermission("secret")).toBe("can recreate public secret keys");
    expect(recreatePermission("hmac")).toBe("can recreate public secret keys");
  });
});
