import { passwordProblems } from "@portal/domain/passwords";
import { z } from "zod";

export interface NewPasswordTexts {
  required: string;
  weak: string;
  mismatch: string;
}

/** A new password that meets the domain rules, its confirmation, and any other fields of the form. */
export function newPasswordSchema<E extends z.ZodRawShape>(texts: NewPasswordTexts, extra: E) {
  return z
    .object({
      ...extra,
      new_password: z
        .string()
        .min(1, texts.required)
        .refine((value) => passwordProblems(value).length === 0, texts.weak),
      confirm_password: z.string().min(1, texts.required),
    })
    .refine(
      (values) => {
        // The generic shape hides the two known fields from the checker; they are always there.
        const { new_password, confirm_password } = values as {
          new_password: string;
          confirm_password: string;
        };
        return new_password === confirm_password;
      },
      {
        message: texts.mismatch,
        path: ["confirm_password"],
      },
    );
}
