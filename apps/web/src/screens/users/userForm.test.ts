import { PERMISSIONS } from "@portal/domain";
import {
  areaPermissions,
  permissionVerb,
  STAFF_PERMISSION_AREAS,
  USER_MESSAGES,
} from "@portal/domain/api/users";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import en from "../../i18n/en.json";
import { checkUser, serverProblems, type UserFormValues } from "./userForm.ts";

const values = (o: Partial<UserFormValues> = {}): UserFormValues => ({
  firstName: "Mona",
  lastName: "",
  email: "mona@example.test",
  permissions: [],
  ...o,
});

describe("the user form's own checks", () => {
  it("needs a first name and a valid e-mail to add, and allows no permission", () => {
    expect(checkUser(values(), false)).toEqual({});
    expect(checkUser(values({ firstName: " ", email: "" }), false)).toEqual({
      firstName: "required",
      email: "required",
    });
    expect(checkUser(values({ email: "mona@" }), false)).toEqual({ email: "invalidEmail" });
  });
  it("needs one permission at least on edit, and leaves the fixed e-mail alone", () => {
    expect(checkUser(values({ email: "" }), true)).toEqual({ permissions: "selectPermission" });
    expect(checkUser(values({ email: "", permissions: ["can view orders"] }), true)).toEqual({});
  });
  it("reads the server's field messages as the form's problems", () => {
    const registered = new ApiError("http", 409, {
      code: "email_registered",
      fields: { email: [USER_MESSAGES.emailRegistered] },
    });
    expect(serverProblems(registered)).toEqual({ email: "emailRegistered" });
    const none = new ApiError("http", 400, { fields: { permissions: [USER_MESSAGES.selectPermission] } });
    expect(serverProblems(none)).toEqual({ permissions: "selectPermission" });
    // An escalation refusal names permissions, not messages: the form shows the spec's update failure instead.
    const refused = new ApiError("http", 403, { fields: { permissions: ["can view api key"] } });
    expect(serverProblems(refused)).toBeUndefined();
  });
});

describe("the permission check boxes", () => {
  it("cover every staff permission once, each with a translated area and verb", () => {
    const shown = STAFF_PERMISSION_AREAS.flatMap((a) => areaPermissions(a));
    expect(new Set(shown).size).toBe(shown.length);
    const merchant = PERMISSIONS.filter((p) => p.area !== "merchants").map((p) => p.name);
    expect([...shown].sort()).toEqual([...merchant].sort());
    const areas = en.users.areas as Record<string, string>;
    const verbs = en.users.verbs as Record<string, string>;
    for (const area of STAFF_PERMISSION_AREAS) expect(areas[area], area).toBeTruthy();
    for (const name of shown) expect(verbs[permissionVerb(name)], name).toBeTruthy();
  });
  it("keeps the spec's ten areas first, in its order", () => {
    expect(STAFF_PERMISSION_AREAS.slice(0, 10)).toEqual([
      "orders",
      "products",
      "quickLinks",
      "apiKey",
      "publicSecretKeys",
      "transactions",
      "paymentIntegrations",
      "iframes",
      "users",
      "transfers",
    ]);
  });
});
