import { describe, expect, it, vi } from "vitest";

// The container module (Mantine notifications) is what the first toast downloads; here it records the calls.
const shown: Array<[string, string]> = [];
vi.mock("./Toasts.tsx", () => ({
  default: () => null,
  showToast: (kind: string, message: string) => shown.push([kind, message]),
}));

describe("toast", () => {
  it("loads the container on the first toast and shows the toasts asked for meanwhile, in order", async () => {
    const { toast } = await import("./toast.ts");
    expect(shown).toEqual([]);
    toast.warning("Your session has been expired please re-login.");
    toast.error("Oops!");
    toast.success("Saved");
    expect(shown).toEqual([]);
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(shown).toEqual([
      ["warning", "Your session has been expired please re-login."],
      ["error", "Oops!"],
      ["success", "Saved"],
    ]);
    toast.info("Later");
    await vi.waitFor(() => expect(shown).toHaveLength(4));
    expect(shown[3]).toEqual(["info", "Later"]);
  });
});
