import { Box, Checkbox, Stack, Text, Title } from "@mantine/core";
import {
  ACTIVATION_TERMS,
  ACTIVATION_TERMS_INTRO,
  ACTIVATION_TERMS_TITLE,
} from "@portal/domain/activation-terms";
import { useTranslation } from "react-i18next";
import { useDashboard } from "../../layouts/useDashboard.ts";
import type { StepProps } from "./stepProps.ts";

/** Terms and Conditions: the 17 sections in the user's language, scrollable (and focusable), and the checkbox. */
export function TermsStep({ form, set, error }: StepProps) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  return (
    <Stack gap="md">
      <Box
        role="region"
        aria-label={t("activation.terms.region")}
        tabIndex={0}
        mah={360}
        p="md"
        style={{
          overflowY: "auto",
          border: "1px solid var(--mantine-color-default-border)",
          borderRadius: "var(--mantine-radius-sm)",
        }}
        data-testid="activation-terms-text"
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            {ACTIVATION_TERMS_TITLE[lang]}
          </Title>
          <Text size="sm">{ACTIVATION_TERMS_INTRO[lang]}</Text>
          {ACTIVATION_TERMS.map((section) => (
            <Stack gap={4} key={section.number} data-testid="activation-terms-section">
              <Title order={4} size="h5">
                {section.number}. {section.title[lang]}
              </Title>
              <Text size="sm">{section.body[lang]}</Text>
            </Stack>
          ))}
        </Stack>
      </Box>
      <Checkbox
        label={t("activation.terms.agree")}
        checked={form.terms_accepted}
        onChange={(e) => set("terms_accepted", e.currentTarget.checked)}
        error={error("terms_accepted")}
        required
        data-testid="activation-terms-accept"
      />
    </Stack>
  );
}
