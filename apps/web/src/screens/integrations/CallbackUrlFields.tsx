import { TextInput } from "@mantine/core";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formProblem } from "./integrationForm.ts";

/** A field problem of the integration schemas in the user's language (integrations.form.<problem>). */
export function useFormProblem() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    const key = formProblem(message);
    return key ? t(`integrations.form.${key}`) : undefined;
  };
}

/**
 * The two callback urls of an integration (transaction processed, transaction response), left to right in both
 * languages; the add form shows them as optional with example urls.
 */
export function CallbackUrlFields({
  processed,
  response,
  errors,
  testIds,
  hints = false,
}: {
  processed: UseFormRegisterReturn;
  response: UseFormRegisterReturn;
  /** The schemas' messages of the two fields. */
  errors: { processed?: string; response?: string };
  testIds: { processed: string; response: string };
  hints?: boolean;
}) {
  const { t } = useTranslation();
  const problem = useFormProblem();
  const fields = [
    { key: "processed", field: processed, example: "https://example.com/callback" },
    { key: "response", field: response, example: "https://example.com/return" },
  ] as const;
  return (
    <>
      {fields.map(({ key, field, example }) => (
        <TextInput
          key={key}
          label={t(`integrations.form.${key}`)}
          description={hints ? t("integrations.form.optional") : undefined}
          dir="ltr"
          type="url"
          placeholder={hints ? example : undefined}
          {...field}
          error={problem(errors[key])}
          data-testid={testIds[key]}
        />
      ))}
    </>
  );
}
