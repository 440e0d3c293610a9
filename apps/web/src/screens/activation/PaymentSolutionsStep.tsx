import { Checkbox, SimpleGrid } from "@mantine/core";
import { PAYMENT_SOLUTIONS } from "@portal/domain/activation";
import { useTranslation } from "react-i18next";
import { useDashboard } from "../../layouts/useDashboard.ts";
import type { StepProps } from "./stepProps.ts";

/** Payment Solutions: at least one ('Choose at least one payment method.'). */
export function PaymentSolutionsStep({ form, set, error }: StepProps) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  return (
    <Checkbox.Group
      label={t("activation.payments.label")}
      description={t("activation.payments.hint")}
      value={form.payment_solutions}
      onChange={(value) => set("payment_solutions", value)}
      error={error("payment_solutions")}
      withAsterisk
      data-testid="activation-payment-solutions"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="sm">
        {PAYMENT_SOLUTIONS.map((s) => (
          <Checkbox
            key={s.code}
            value={s.code}
            label={s[lang]}
            data-testid={`activation-solution-${s.code}`}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
