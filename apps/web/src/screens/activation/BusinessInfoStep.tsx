import { Group, Radio, Select, Stack, TextInput } from "@mantine/core";
import {
  ACTIVATION_INDUSTRIES,
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPE_NOTE,
  BUSINESS_TYPES,
  INDUSTRY_OTHER_MAX,
  ONLINE_PRESENCE_MAX,
  OTHER_INDUSTRY,
} from "@portal/domain/activation";
import { useTranslation } from "react-i18next";
import { useDashboard } from "../../layouts/useDashboard.ts";
import type { StepProps } from "./stepProps.ts";

/** Business Info: business type with its note, industry (with 'please specify' for Other), online presence link. */
export function BusinessInfoStep({ form, set, error }: StepProps) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  return (
    <Stack gap="md" maw={560}>
      <Radio.Group
        label={t("activation.business.type")}
        description={BUSINESS_TYPE_NOTE[lang]}
        value={form.business_type}
        onChange={(value) => set("business_type", value)}
        error={error("business_type")}
        withAsterisk
        data-testid="activation-business-type"
      >
        <Group mt="xs">
          {BUSINESS_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={BUSINESS_TYPE_LABELS[type][lang]}
              data-testid={`activation-business-${type}`}
            />
          ))}
        </Group>
      </Radio.Group>
      <Select
        label={t("activation.business.industry")}
        placeholder={t("activation.business.industryPlaceholder")}
        data={ACTIVATION_INDUSTRIES.map((i) => ({ value: i.code, label: i[lang] }))}
        value={form.industry || null}
        onChange={(value) => set("industry", value ?? "")}
        searchable
        nothingFoundMessage={t("activation.noOptions")}
        error={error("industry")}
        withAsterisk
        comboboxProps={{ withinPortal: true }}
        data-testid="activation-industry"
      />
      {form.industry === OTHER_INDUSTRY ? (
        <TextInput
          label={t("activation.business.industryOther")}
          value={form.industry_other}
          onChange={(e) => set("industry_other", e.currentTarget.value)}
          maxLength={INDUSTRY_OTHER_MAX}
          error={error("industry_other")}
          withAsterisk
          data-testid="activation-industry-other"
        />
      ) : null}
      <TextInput
        label={t("activation.business.onlinePresence")}
        description={t("activation.business.onlinePresenceHint")}
        value={form.online_presence}
        onChange={(e) => set("online_presence", e.currentTarget.value)}
        maxLength={ONLINE_PRESENCE_MAX}
        type="url"
        dir="ltr"
        error={error("online_presence")}
        data-testid="activation-online-presence"
      />
    </Stack>
  );
}
