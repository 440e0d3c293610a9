/**
 * New-password rules (merchant-dashboard.md section 5): at least 8 characters with a lowercase letter, an
 * uppercase letter, a digit and a special character. The spec's shared pattern accepts only @ # $ & as
 * specials; we accept any non-letter, non-digit symbol, which includes those four (see docs/auth.md).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem =
  | "too_short"
  | "too_long"
  | "no_lowercase"
  | "no_uppercase"
  | "no_digit"
  | "no_special";

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push("too_short");
  if (password.length > PASSWORD_MAX_LENGTH) problems.push("too_long");
  if (!/\p{Ll}/u.test(password)) problems.push("no_lowercase");
  if (!/\p{Lu}/u.test(password)) problems.push("no_uppercase");
  if (!/\p{Nd}/u.test(password)) problems.push("no_digit");
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push("no_special");
  return problems;
}

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
