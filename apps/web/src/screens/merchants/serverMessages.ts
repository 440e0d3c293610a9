import type { TFunction } from "i18next";

/**
 * The back-office's field refusals come from the server in English (packages/domain/src/api/merchants.ts and the
 * merchants service); the dialogs show them in the user's language. A message not listed here (a new one) is
 * shown as the server wrote it rather than hidden.
 */
export const SERVER_FIELD_MESSAGES: Record<string, string> = {
  "This field is required.": "required",
  "Please enter valid number.": "number",
  "Please enter valid phone number.": "phone",
  "Please enter valid email.": "email",
  "Enter a valid username.": "username",
  "Enter a valid bank account (IBAN): 8 to 34 letters and digits.": "bankAccount",
  "Choose a fee plan.": "feePlan",
  "A user with that username already exists.": "usernameTaken",
  "Each branch needs its own branch id.": "branchIdRepeated",
  "Must not contain NUL, control characters or unpaired surrogates.": "controlCharacters",
  "The password must have 8 to 128 characters.": "passwordLength",
};

export function fieldMessage(t: TFunction, message: string): string {
  const key = SERVER_FIELD_MESSAGES[message];
  if (key) return t(`merchants.validation.${key as "required"}`);
  const tooLong = /^Ensure this field has no more than (\d+) characters\.$/.exec(message);
  if (tooLong) return t("merchants.validation.tooLong", { max: Number(tooLong[1]) });
  return message;
}
