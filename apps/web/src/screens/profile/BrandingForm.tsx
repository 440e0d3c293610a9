import {
  Button,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import {
  type BrandingBody,
  brandingProblems,
  type MerchantProfile,
  PROFILE_LIMITS,
  type SectorIndustries,
} from "@portal/domain/api/profile";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveBranding } from "../../api/profile.api.ts";
import { reportError } from "../../api/reportError.ts";
import { toast } from "../../app/toast.ts";
import { problemText, serverProblems } from "../../components/profile/problems.ts";
import { fetchSectors } from "../../onboarding/onboarding.api.ts";

type Form = {
  brand_name: string;
  business_description: string;
  account_type: "0" | "1";
  sector: string | null;
  industry: string | null;
  website_url: string;
  facebook_url: string;
  instagram_url: string;
  whatsapp_number: string;
};

const fromProfile = (b: MerchantProfile["branding"]): Form => ({
  brand_name: b.brand_name,
  business_description: b.business_description,
  account_type: b.account_type === 0 ? "0" : "1",
  sector: b.sector === null ? null : String(b.sector),
  industry: b.industry === null ? null : String(b.industry),
  website_url: b.website_url,
  facebook_url: b.facebook_url,
  instagram_url: b.instagram_url,
  whatsapp_number: b.whatsapp_number,
});

const toBody = (f: Form): BrandingBody => ({
  brand_name: f.brand_name,
  business_description: f.business_description,
  account_type: f.account_type === "0" ? 0 : 1,
  sector: f.sector === null ? null : Number(f.sector),
  industry: f.industry === null ? null : Number(f.industry),
  website_url: f.website_url,
  facebook_url: f.facebook_url,
  instagram_url: f.instagram_url,
  whatsapp_number: f.whatsapp_number,
});

/**
 * Business branding (spec sections 3 and 5): brand name, description, account type, sector then industry, the
 * links and WhatsApp number. The rules are the domain's (brandingProblems), shown once a field has been changed
 * or on Save; the owner saves, staff read.
 */
export function BrandingForm({ profile }: { profile: MerchantProfile }) {
  const { t, i18n } = useTranslation();
  const save = useSaveBranding();
  const [form, setForm] = useState<Form>(() => fromProfile(profile.branding));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [server, setServer] = useState<Record<string, string>>({});
  const readOnly = !profile.can_edit;
  const sectors = useQuery({
    queryKey: ["sectors", i18n.language],
    queryFn: fetchSectors,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const sectorMap: SectorIndustries | undefined = useMemo(
    () =>
      sectors.data
        ? new Map(sectors.data.map((s) => [s.id, new Set(s.industries.map((i) => i.id))]))
        : undefined,
    [sectors.data],
  );
  const problems = brandingProblems(toBody(form), sectorMap);
  const errorOf = (field: keyof Form) =>
    problemText(t, server[field] ?? (touched.has(field) ? problems[field] : undefined));

  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [field]: value, ...(field === "sector" ? { industry: null } : {}) }));
    setTouched((s) => new Set(s).add(field));
    setServer((s) => {
      const { [field]: _gone, ...rest } = s;
      return rest;
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(new Set(Object.keys(form)));
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = await save.mutateAsync(toBody(form));
      setForm(fromProfile(saved.branding));
      setTouched(new Set());
      toast.success(t("profile.done"));
    } catch (err) {
      const fields = serverProblems(err);
      if (Object.keys(fields).length > 0) setServer(fields);
      else reportError(err);
    }
  };

  const sectorOptions = (sectors.data ?? []).map((s) => ({ value: String(s.id), label: s.title }));
  const industryOptions = (sectors.data?.find((s) => String(s.id) === form.sector)?.industries ?? []).map(
    (i) => ({ value: String(i.id), label: i.title }),
  );
  const text = (field: keyof Form, label: string, extra: { dir?: "ltr"; placeholder?: string } = {}) => (
    <TextInput
      label={label}
      value={form[field] ?? ""}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={errorOf(field)}
      readOnly={readOnly}
      data-testid={`branding-${field}`}
      {...extra}
    />
  );

  return (
    <Paper withBorder p="md" radius="lg" data-testid="branding-section">
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="branding-title">
        <Stack>
          <Title order={2} size="h4" id="branding-title">
            {t("profile.branding.title")}
          </Title>
          {readOnly ? (
            <Text size="sm" c="dimmed" data-testid="branding-read-only">
              {t("profile.ownerOnly")}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label={t("profile.branding.brandName")}
              required
              value={form.brand_name}
              maxLength={PROFILE_LIMITS.brand_name + 20}
              onChange={(e) => set("brand_name", e.currentTarget.value)}
              error={errorOf("brand_name")}
              description={t("profile.branding.lettersHint")}
              readOnly={readOnly}
              data-testid="branding-brand_name"
            />
            <Radio.Group
              label={t("profile.branding.accountType")}
              value={form.account_type}
              onChange={(v) => set("account_type", v === "0" ? "0" : "1")}
              data-testid="branding-account_type"
            >
              <Group mt="xs">
                <Radio value="0" label={t("profile.branding.individual")} disabled={readOnly} />
                <Radio value="1" label={t("profile.branding.corporate")} disabled={readOnly} />
              </Group>
            </Radio.Group>
          </SimpleGrid>
          <Textarea
            label={t("profile.branding.description")}
            value={form.business_description}
            autosize
            minRows={2}
            maxRows={6}
            onChange={(e) => set("business_description", e.currentTarget.value)}
            error={errorOf("business_description")}
            readOnly={readOnly}
            data-testid="branding-business_description"
          />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Select
              label={t("profile.branding.sector")}
              placeholder={t("profile.branding.choose")}
              data={sectorOptions}
              value={form.sector}
              onChange={(v) => set("sector", v)}
              error={errorOf("sector")}
              clearable
              readOnly={readOnly}
              data-testid="branding-sector"
            />
            <Select
              label={t("profile.branding.industry")}
              placeholder={form.sector ? t("profile.branding.choose") : t("profile.branding.sectorFirst")}
              data={industryOptions}
              value={form.industry}
              onChange={(v) => set("industry", v)}
              error={errorOf("industry")}
              disabled={form.sector === null}
              clearable
              readOnly={readOnly}
              data-testid="branding-industry"
            />
            {text("website_url", t("profile.branding.website"), {
              dir: "ltr",
              placeholder: "https://www.example.com",
            })}
            {text("facebook_url", t("profile.branding.facebook"), {
              dir: "ltr",
              placeholder: "https://www.facebook.com/…",
            })}
            {text("instagram_url", t("profile.branding.instagram"), {
              dir: "ltr",
              placeholder: "https://www.instagram.com/…",
            })}
            {text("whatsapp_number", t("profile.branding.whatsapp"), {
              dir: "ltr",
              placeholder: "+201001234567",
            })}
          </SimpleGrid>
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="branding-save">
                {t("profile.save")}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
