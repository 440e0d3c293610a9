import { POS_MESSAGES } from "@portal/domain/api/pos";

/** The catalogue key of a server or form message of the branch and terminal dialogs (pos.* in en and ar). */
export function posProblem(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === POS_MESSAGES.required) return "required";
  if (message === POS_MESSAGES.htmlTags) return "htmlTags";
  if (message === POS_MESSAGES.branchCodeTaken) return "branchIdTaken";
  if (message === POS_MESSAGES.branchCodeCharacters) return "branchIdCharacters";
  if (message.startsWith("Ensure this field has no more than")) return "tooLong";
  return "invalid";
}
