import { z } from "zod";
import { errorResponseSchema, listAnswer, route } from "../contract.ts";
import {
  MERCHANT_PERMISSIONS,
  PERMISSIONS,
  type PermissionArea,
  type PermissionName,
} from "../permissions.ts";
import { boundedText, TEXT_MAX } from "../text-input.ts";
import { loginResponseSchema } from "./auth.ts";
import { detailAnswerSchema, filterText, idParams, paging } from "./workspace-shared.ts";

/**
 * Users and permissions (back-office.md "Users", the User entity and section 6; merchant-dashboard.md section 6):
 * the merchant's staff with their per-area permissions, added, edited and deleted by the owner and by staff who
 * hold the staff permissions; a new staff member gets an activation e-mail with a link to /{lang}/activate_staff,
 * where they choose a password and are signed in. docs/settings.md "Users and permissions" describes the rules.
 */

/** The spec's permission areas of a staff user, in its order; then the other areas a merchant's staff may hold. */
export const STAFF_PERMISSION_AREAS = [
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
  "plugins",
  "notifications",
  "customers",
  "reports",
  "terminals",
] as const satisfies readonly PermissionArea[];

/** The permissions a staff user may be given: a merchant owner's set (never the bank's merchant review). */
export const STAFF_PERMISSIONS: readonly PermissionName[] = MERCHANT_PERMISSIONS;

/** The permissions of an area, in the spec's label order. */
export function areaPermissions(area: PermissionArea): PermissionName[] {
  return PERMISSIONS.filter((p) => p.area === area && STAFF_PERMISSIONS.includes(p.name)).map((p) => p.name);
}

/** The verb of a permission's label ("can view orders" -> "view"), for the per-area check boxes. */
export function permissionVerb(name: PermissionName): string {
  return name.split(" ")[1] ?? name;
}

/** The spec's messages (en; the dashboard translates them by code) and our own where it is silent. */
export const USER_MESSAGES = {
  required: "This field is required.",
  invalidEmail: "Please enter valid email.",
  selectPermission: "Please select one permission at least.",
  emailRegistered: "This email seems to be already registered.",
  updateFailed: "There seems to be an error while updating the user permissions.",
  /** Our wording: a staff member may not delete their own account (the owner or another staff member may). */
  deleteSelf: "You cannot delete your own account.",
  created: "The user was added. An activation e-mail is on its way.",
  updated: "The user permissions were updated.",
  deleted: "The user was deleted.",
  activationSent: "A new activation e-mail is on its way.",
  activated: "Your account is active. Welcome!",
} as const;

/** The lifetime of an activation link (our choice: a week, like a reactivation link). */
export const STAFF_ACTIVATION_DAYS = 7;

export const USER_LIMITS = { name: 150, email: 254 } as const;

const permissionNameSchema = z.enum(STAFF_PERMISSIONS as [PermissionName, ...PermissionName[]]);

/** GET /api/users */
export const userListQuerySchema = z.object({
  /** A prefix of the e-mail, username, first or last name (case-insensitive). */
  search: filterText.optional(),
  ...paging,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** pending: the activation link has not been used yet. */
export const STAFF_STATES = ["active", "pending"] as const;
export type StaffState = (typeof STAFF_STATES)[number];

export const staffUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_created: z.string(),
  last_login_at: z.string().nullable(),
  state: z.enum(STAFF_STATES),
  permissions: z.array(permissionNameSchema),
  /** The caller's own account (a staff member may not delete it). */
  is_self: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const userListAnswerSchema = listAnswer(staffUserSchema);
export type UserListAnswer = z.infer<typeof userListAnswerSchema>;

/**
 * A new staff user. Types and bounds only: the spec's messages (required, valid e-mail, already registered) are
 * the server's own checks, each answered in `fields`. A new user may have no permission (back-office.md section 6).
 */
export const userCreateSchema = z.object({
  first_name: boundedText(USER_LIMITS.name).optional(),
  last_name: boundedText(USER_LIMITS.name).optional(),
  email: boundedText(USER_LIMITS.email).optional(),
  permissions: z.array(permissionNameSchema).max(PERMISSIONS.length).default([]),
  /** The language of the activation e-mail's link (the page opens in it). */
  lang: z.enum(["en", "ar"]).default("en"),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** An edit: names and permissions; at least one permission ('Please select one permission at least.'). */
export const userUpdateSchema = z.object({
  first_name: boundedText(USER_LIMITS.name).optional(),
  last_name: boundedText(USER_LIMITS.name).optional(),
  permissions: z.array(permissionNameSchema).max(PERMISSIONS.length),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** The activation page's check of its link before the form shows. */
export const STAFF_LINK_STATES = ["valid", "expired", "used", "invalid"] as const;
export type StaffLinkState = (typeof STAFF_LINK_STATES)[number];
export const activationTokenSchema = z.object({ token: boundedText(TEXT_MAX.token).min(1) });
export const activationCheckAnswerSchema = z.object({
  state: z.enum(STAFF_LINK_STATES),
  /** The username to sign in with, only for a valid link. */
  username: z.string().nullable(),
});
export type ActivationCheckAnswer = z.infer<typeof activationCheckAnswerSchema>;
export const activateStaffSchema = z.object({
  token: boundedText(TEXT_MAX.token).min(1),
  new_password: boundedText(256, { multiline: true }).min(1),
});

const TAGS = ["Users"] as const;
const userAnswers = { 200: staffUserSchema, 404: errorResponseSchema } as const;

export const usersApi = {
  list: route({
    method: "GET",
    path: "/api/users",
    access: { permission: "can view staff" },
    tags: TAGS,
    summary: "The merchant's staff users with their permissions, newest first",
    query: userListQuerySchema,
    answers: { 200: userListAnswerSchema },
  }),
  details: route({
    method: "GET",
    path: "/api/users/:id",
    access: { permission: "can view staff" },
    tags: TAGS,
    summary: "One staff user with their permissions",
    params: idParams,
    answers: userAnswers,
  }),
  create: route({
    method: "POST",
    path: "/api/users",
    access: { permission: "can create staff" },
    tags: TAGS,
    summary: "Add a staff user; they get an activation e-mail",
    description:
      "409 email_registered. 403 permissions_update_failed when a permission asked for is not the caller's own.",
    body: userCreateSchema,
    answers: {
      201: staffUserSchema,
      400: errorResponseSchema,
      403: errorResponseSchema,
      409: errorResponseSchema,
    },
  }),
  update: route({
    method: "PATCH",
    path: "/api/users/:id",
    access: { permission: "can update staff" },
    tags: TAGS,
    summary: "Change a staff user's names and permissions (effective on their next request)",
    description:
      "400 select_permission without a permission. 403 permissions_update_failed when the change adds or removes a permission the caller does not hold.",
    params: idParams,
    body: userUpdateSchema,
    answers: { ...userAnswers, 400: errorResponseSchema, 403: errorResponseSchema },
  }),
  remove: route({
    method: "DELETE",
    path: "/api/users/:id",
    access: { permission: "can delete staff" },
    tags: TAGS,
    summary: "Delete a staff user; their sessions and API tokens end at once",
    description: "409 delete_self for the caller's own account.",
    params: idParams,
    answers: { 200: detailAnswerSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  }),
  resendActivation: route({
    method: "POST",
    path: "/api/users/:id/resend-activation",
    access: { permission: "can create staff" },
    tags: TAGS,
    summary: "Send a pending staff user a new activation e-mail (the older link stops working)",
    description: "409 already_active once the user has activated the account.",
    params: idParams,
    body: z.object({ lang: z.enum(["en", "ar"]).default("en") }),
    answers: { 200: detailAnswerSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  }),
  checkActivation: route({
    method: "POST",
    path: "/api/auth/activate_staff/check",
    access: { public: true },
    tags: TAGS,
    summary: "Whether a staff activation link can still be used (valid, expired, used or invalid)",
    body: activationTokenSchema,
    answers: { 200: activationCheckAnswerSchema, 429: errorResponseSchema },
  }),
  activate: route({
    method: "POST",
    path: "/api/auth/activate_staff",
    access: { public: true },
    tags: TAGS,
    summary: "Activate a staff account with its e-mailed link: set the password and sign in",
    description: "400 weak_password with the rules not met; 400 link_expired, link_used or invalid_token.",
    body: activateStaffSchema,
    answers: { 200: loginResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
  }),
} as const;
