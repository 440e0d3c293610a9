import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../api/errors.ts";
import { useSession } from "../auth/session.ts";
import { OTHER, statesOf } from "./locations.ts";
import { fetchSectors, saveBusinessInformation } from "./onboarding.api.ts";
import {
  channelsPayload,
  EMPTY_ANSWERS,
  finalPayload,
  isNumericOrEmpty,
  type OnboardingAnswers,
  progressOf,
  STEPS,
  type Step,
  stepAnswered,
} from "./steps.ts";

/** Reload after the confirmation (spec section 9: 3 seconds). */
export const RELOAD_AFTER_MS = 3000;

/**
 * The merchants' first-login questionnaire (spec section 2): three steps with a progress bar, a partial save
 * after step 2 and the final submit on step 3; then a confirmation and a page reload. It cannot be dismissed.
 */
export default function OnboardingModal() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const lang = i18n.language === "ar" ? "ar" : "en";
  const [step, setStep] = useState<Step>(1);
  const [a, setA] = useState<OnboardingAnswers>(EMPTY_ANSWERS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const headingId = useId();

  const sectors = useQuery({
    queryKey: ["onboarding", "sectors", lang],
    queryFn: fetchSectors,
    enabled: step === 3,
  });
  const states = statesOf(session?.country);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const set = <K extends keyof OnboardingAnswers>(key: K, value: OnboardingAnswers[K]) =>
    setA((prev) => ({ ...prev, [key]: value }));

  const failure = (err: unknown): string | null => {
    if (!isApiError(err)) return t("onboarding.networkError");
    if (err.handled) return null; // 401: the client already logged out.
    if (err.kind !== "http") return t("onboarding.networkError");
    if (err.status === 400) {
      const fields = Object.keys(err.fields);
      if (fields.length > 0) return `${fields.join(", ")} ${t("onboarding.notValid")}`;
    }
    return t("onboarding.statusError", { status: err.status });
  };

  const submit = async (payload: Record<string, unknown>, after: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await saveBusinessInformation(payload);
      after();
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  const next = () => {
    if (!stepAnswered(step, a)) return;
    if (step === 1) setStep(2);
    else if (step === 2) void submit(channelsPayload(a), () => setStep(3));
    else void submit(finalPayload(a, states), () => setDone(true));
  };
  const back = () => {
    setError(null);
    if (step > 1) setStep((step - 1) as Step);
  };

  const sector = sectors.data?.find((s) => s.id === a.sector);
  const state = states.find((s) => s.id === a.state);
  const placeName = (p: { en: string; ar: string }) => p[lang];
  const answered = stepAnswered(step, a);

  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title={
        <Text fw={700} size="lg" component="span" id={headingId}>
          {t("onboarding.title")}
        </Text>
      }
      data-testid="onboarding-modal"
    >
      <Stack gap="md" data-testid="onboarding" data-step={done ? "done" : step}>
        <div>
          <Text size="sm" c="dimmed" mb={4} data-testid="onboarding-progress-text">
            {t("onboarding.progress", { step, total: STEPS })}
          </Text>
          <Progress
            value={progressOf(step)}
            aria-label={t("onboarding.progress", { step, total: STEPS })}
            data-testid="onboarding-progress"
            data-value={progressOf(step)}
          />
        </div>

        {done ? (
          <Alert
            color="green"
            variant="light"
            role="status"
            data-testid="onboarding-done"
            title={t("onboarding.doneTitle")}
          >
            {t("onboarding.doneBody")}
          </Alert>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            <Stack gap="md">
              {step === 1 ? (
                <Radio.Group
                  label={t("onboarding.step1Title")}
                  value={a.business === null ? "" : String(a.business)}
                  onChange={(v) => set("business", v === "1" ? 1 : 0)}
                  data-testid="onboarding-business"
                >
                  <Stack gap="xs" mt="xs">
                    <Radio value="0" label={t("onboarding.individual")} data-testid="onboarding-individual" />
                    <Radio value="1" label={t("onboarding.business")} data-testid="onboarding-company" />
                  </Stack>
                </Radio.Group>
              ) : null}

              {step === 2 ? (
                <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                  <legend>
                    <Text fw={500} size="sm">
                      {t("onboarding.step2Title")}
                    </Text>
                  </legend>
                  <Text size="sm" c="dimmed" mb="xs">
                    {t("onboarding.channelsHint")}
                  </Text>
                  <Stack gap="xs">
                    {(["standalone", "retail", "integration"] as const).map((key) => (
                      <Checkbox
                        key={key}
                        label={t(`onboarding.${key}`)}
                        description={t(`onboarding.${key}Hint`)}
                        checked={a[key]}
                        onChange={(event) => set(key, event.currentTarget.checked)}
                        data-testid={`onboarding-${key}`}
                      />
                    ))}
                  </Stack>
                </fieldset>
              ) : null}

              {step === 3 ? (
                <Stack gap="sm">
                  <Text fw={500}>{t("onboarding.step3Title")}</Text>
                  {sectors.isError ? (
                    <Alert color="red" variant="light" role="alert">
                      {t("onboarding.sectorsError")}
                    </Alert>
                  ) : null}
                  <TextInput
                    label={t("onboarding.brandName")}
                    required
                    value={a.brand_name}
                    onChange={(e) => set("brand_name", e.currentTarget.value)}
                    maxLength={100}
                    data-testid="onboarding-brand"
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <NativeSelect
                      label={t("onboarding.sector")}
                      required
                      value={a.sector === null ? "" : String(a.sector)}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setA((prev) => ({ ...prev, sector: v ? Number(v) : null, industry: null }));
                      }}
                      data={[
                        { value: "", label: t("onboarding.choose") },
                        ...(sectors.data ?? []).map((s) => ({ value: String(s.id), label: s.title })),
                      ]}
                      data-testid="onboarding-sector"
                    />
                    <NativeSelect
                      label={t("onboarding.industry")}
                      required
                      disabled={!sector}
                      description={sector ? undefined : t("onboarding.sectorFirst")}
                      value={a.industry === null ? "" : String(a.industry)}
                      onChange={(e) =>
                        set("industry", e.currentTarget.value ? Number(e.currentTarget.value) : null)
                      }
                      data={[
                        { value: "", label: t("onboarding.choose") },
                        ...(sector?.industries ?? []).map((i) => ({ value: String(i.id), label: i.title })),
                      ]}
                      data-testid="onboarding-industry"
                    />
                  </SimpleGrid>
                  <Textarea
                    label={t("onboarding.description")}
                    required
                    autosize
                    minRows={2}
                    maxLength={1000}
                    value={a.business_description}
                    onChange={(e) => set("business_description", e.currentTarget.value)}
                    data-testid="onboarding-description"
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <NativeSelect
                      label={t("onboarding.state")}
                      value={a.state}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setA((prev) => ({ ...prev, state: v, city: v === OTHER ? OTHER : "" }));
                      }}
                      data={[
                        { value: "", label: t("onboarding.choose") },
                        ...states.map((s) => ({ value: s.id, label: placeName(s) })),
                        { value: OTHER, label: t("onboarding.other") },
                      ]}
                      data-testid="onboarding-state"
                    />
                    {a.state === OTHER ? (
                      <TextInput
                        label={t("onboarding.stateOther")}
                        value={a.stateOther}
                        onChange={(e) => set("stateOther", e.currentTarget.value)}
                        maxLength={100}
                        data-testid="onboarding-state-other"
                      />
                    ) : (
                      <NativeSelect
                        label={t("onboarding.city")}
                        value={a.city}
                        disabled={!state}
                        onChange={(e) => set("city", e.currentTarget.value)}
                        data={[
                          { value: "", label: t("onboarding.choose") },
                          ...(state?.cities ?? []).map((c) => ({ value: c.id, label: placeName(c) })),
                          { value: OTHER, label: t("onboarding.other") },
                        ]}
                        data-testid="onboarding-city"
                      />
                    )}
                  </SimpleGrid>
                  {a.city === OTHER ? (
                    <TextInput
                      label={t("onboarding.cityOther")}
                      value={a.cityOther}
                      onChange={(e) => set("cityOther", e.currentTarget.value)}
                      maxLength={100}
                      data-testid="onboarding-city-other"
                    />
                  ) : null}
                  <TextInput
                    label={t("onboarding.street")}
                    value={a.street}
                    onChange={(e) => set("street", e.currentTarget.value)}
                    maxLength={200}
                    data-testid="onboarding-street"
                  />
                  <SimpleGrid cols={2}>
                    {(["building", "floor"] as const).map((key) => (
                      <TextInput
                        key={key}
                        label={t(`onboarding.${key}`)}
                        inputMode="numeric"
                        value={a[key]}
                        onChange={(e) => set(key, e.currentTarget.value)}
                        error={isNumericOrEmpty(a[key]) ? undefined : t("onboarding.number")}
                        maxLength={6}
                        data-testid={`onboarding-${key}`}
                      />
                    ))}
                  </SimpleGrid>
                  {(["website_url", "facebook_url", "instagram_url"] as const).map((key) => (
                    <TextInput
                      key={key}
                      type="url"
                      dir="ltr"
                      label={t(`onboarding.${key}`)}
                      placeholder="https://"
                      value={a[key]}
                      onChange={(e) => set(key, e.currentTarget.value)}
                      maxLength={255}
                      data-testid={`onboarding-${key.replace("_url", "")}`}
                    />
                  ))}
                </Stack>
              ) : null}

              {error ? (
                <Alert color="red" variant="light" role="alert" data-testid="onboarding-error">
                  {error}
                </Alert>
              ) : null}

              <Group justify="space-between">
                {step > 1 ? (
                  <Button variant="default" onClick={back} disabled={busy} data-testid="onboarding-back">
                    {t("onboarding.back")}
                  </Button>
                ) : (
                  <span />
                )}
                <Button
                  type="submit"
                  disabled={!answered}
                  loading={busy}
                  data-testid={step === 3 ? "onboarding-submit" : "onboarding-next"}
                >
                  {step === 3 ? t("onboarding.submit") : t("onboarding.next")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
