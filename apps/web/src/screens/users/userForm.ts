import type { PermissionName } from "@portal/domain";
import { USER_MESSAGES } from "@portal/domain/api/users";
import { isEmail } from "@portal/domain/validation";
import { isApiError } from "../../api/errors.ts";

/** The user form's values as typed. */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  permissions: PermissionName[];
}

/** A field problem, a key of users.errors in the catalogues (emailRegistered: the shared errors.email_registered). */
export type UserProblem = "required" | "invalidEmail" | "selectPermission" | "emailRegistered";
export type UserField = "firstName" | "lastName" | "email" | "permissions";
export type UserProblems = Partial<Record<UserField, UserProblem>>;

/** The form's own checks, the server's rules: a name, a valid e-mail (add), one permission at least (edit). */
export function checkUser(v: UserFormValues, editing: boolean): UserProblems {
  const out: UserProblems = {};
  if (!v.firstName.trim()) out.firstName = "required";
  if (!editing) {
    if (!v.email.trim()) out.email = "required";
    else if (!isEmail(v.email.trim())) out.email = "invalidEmail";
  }
  if (editing && v.permissions.length === 0) out.permissions = "selectPermission";
  return out;
}

const FIELD_OF: Record<string, UserField> = {
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  permissions: "permissions",
};
const PROBLEM_OF: Record<string, UserProblem> = {
  [USER_MESSAGES.required]: "required",
  [USER_MESSAGES.invalidEmail]: "invalidEmail",
  [USER_MESSAGES.selectPermission]: "selectPermission",
  [USER_MESSAGES.emailRegistered]: "emailRegistered",
};

/** The server's field messages as the form's problems; undefined when the answer names none it knows. */
export function serverProblems(err: unknown): UserProblems | undefined {
  if (!isApiError(err)) return undefined;
  const out: UserProblems = {};
  for (const [field, messages] of Object.entries(err.fields)) {
    const key = FIELD_OF[field];
    const problem = messages.map((m) => PROBLEM_OF[m]).find((p) => p !== undefined);
    if (key && problem) out[key] = problem;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
