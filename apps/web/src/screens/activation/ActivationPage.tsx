import { Alert, Button, Group, Loader, Paper, Stack, Stepper, Text, Title } from "@mantine/core";
import {
  ACTIVATION_MESSAGES,
  ACTIVATION_STEPS,
  type ActivationFieldErrors,
  type ActivationMessageCode,
  isActivationStep,
  isEmptyErrors,
} from "@portal/domain/activation";
import type { ActivationApplication } from "@portal/domain/api/activation";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { formatDate } from "../../lib/dates.ts";
import {
  fieldCodes,
  saveStep,
  submitApplication,
  useActivation,
  useSetApplication,
} from "./activation.api.ts";
import { BusinessInfoStep } from "./BusinessInfoStep.tsx";
import { DocumentsStep } from "./DocumentsStep.tsx";
import { PaymentSolutionsStep } from "./PaymentSolutionsStep.tsx";
import { SettlementsStep } from "./SettlementsStep.tsx";
import { SkipDialog } from "./SkipDialog.tsx";
import type { StepProps } from "./stepProps.ts";
import { TermsStep } from "./TermsStep.tsx";
import {
  checkStep,
  formOf,
  indexOfStep,
  knownCode,
  STEP_COUNT,
  stepBody,
  stepOfField,
  type WizardForm,
} from "./wizardForm.ts";

/**
 * 'Activate your account' (merchant-dashboard.md section 2 "Account activation wizard"; docs/onboarding.md
 * "Account activation — web"): five steps, each saved on the server by Save and Continue, so a reload or another
 * device resumes at the first step not complete; Submit on the last step; Skip asks for confirmation.
 */
export default function ActivationPage() {
  const { t } = useTranslation();
  const application = useActivation();
  // Set by this visit's Submit: the success message then, the submitted application's state on later visits.
  const [justSubmitted, setJustSubmitted] = useState(false);
  return (
    <Stack gap="lg" data-testid="activation-screen">
      <PageTitle title={t("activation.title")} />
      {application.isPending ? (
        <Group gap="sm" role="status" data-testid="activation-loading">
          <Loader size="sm" />
          <Text>{t("activation.loading")}</Text>
        </Group>
      ) : application.isError ? (
        <LoadError error={application.error} retry={() => void application.refetch()} />
      ) : application.data.status === "submitted" ? (
        <Submitted application={application.data} justNow={justSubmitted} />
      ) : (
        <Wizard application={application.data} onSubmitted={() => setJustSubmitted(true)} />
      )}
    </Stack>
  );
}

/** Staff and other profiles are refused (403 not_owner): said plainly, without a retry that cannot help. */
function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : undefined;
  return (
    <Alert color="red" role="alert" data-testid="activation-load-error">
      {knownCode(code, ACTIVATION_MESSAGES) ? (
        <Text size="sm">{t(`activation.messages.${code}`)}</Text>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("activation.loadFailed")}</Text>
          <Button size="xs" variant="default" onClick={retry}>
            {t("activation.retry")}
          </Button>
        </Stack>
      )}
    </Alert>
  );
}

function Submitted({
  application,
  justNow = false,
}: {
  application: ActivationApplication;
  justNow?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  return (
    <Paper p="lg" withBorder maw={720} data-testid="activation-submitted">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("activation.submittedTitle")}
        </Title>
        <Text role="status" fw={600} data-testid="activation-success">
          {justNow ? t("activation.messages.submitted") : t("activation.messages.already_submitted")}
        </Text>
        <Text>{t("activation.submittedBody")}</Text>
        {application.submitted_at ? (
          <Text size="sm" c="dimmed">
            {t("activation.submittedOn", { date: formatDate(application.submitted_at, lang) })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Wizard({
  application,
  onSubmitted,
}: {
  application: ActivationApplication;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const setApplication = useSetApplication();
  const [form, setForm] = useState<WizardForm>(() => formOf(application));
  const [active, setActive] = useState(() => indexOfStep(application.current_step));
  const [errors, setErrors] = useState<ActivationFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploads, setUploads] = useState(0);
  const [skipOpen, setSkipOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const step = ACTIVATION_STEPS[active] ?? "business_info";
  const last = active === STEP_COUNT - 1;
  const stepsLeft = STEP_COUNT - application.completed_steps.length;

  const set = <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
  };
  const go = (index: number) => {
    setErrors({});
    setFailure(null);
    setActive(index);
    // The heading stays the same element from step to step: it takes the focus, so a screen reader reads the step.
    headingRef.current?.focus();
  };
  const say = (code: ActivationMessageCode) => t(`activation.messages.${code}`);

  /** A refused save or submit: field codes under their fields, else a message in the user's language. */
  const refused = (err: unknown) => {
    if (isApiError(err) && err.handled) return; // 401: the client already signed out.
    const codes = fieldCodes(err);
    const known = Object.fromEntries(
      Object.entries(codes).filter(([, code]) => knownCode(code, ACTIVATION_MESSAGES)),
    ) as ActivationFieldErrors;
    const steps = isApiError(err) ? (err.body as { steps?: unknown } | undefined)?.steps : undefined;
    const firstOpen = Array.isArray(steps) ? steps.find(isActivationStep) : undefined;
    if (firstOpen && firstOpen !== step) {
      go(indexOfStep(firstOpen));
    } else if (!firstOpen && !isEmptyErrors(known)) {
      const field = Object.keys(known)[0];
      if (field && stepOfField(field) !== step) go(indexOfStep(stepOfField(field)));
    }
    if (!isEmptyErrors(known)) setErrors(known);
    const code = isApiError(err) ? err.code : undefined;
    setFailure(
      knownCode(code, ACTIVATION_MESSAGES)
        ? say(code)
        : !isEmptyErrors(known)
          ? t("activation.fixErrors")
          : t("activation.saveFailed"),
    );
  };

  const saveAndContinue = async () => {
    const problems = checkStep(step, form, application);
    if (!isEmptyErrors(problems)) {
      setErrors(problems);
      setFailure(t("activation.fixErrors"));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      setApplication(await saveStep(step, stepBody(step, form)));
      go(Math.min(active + 1, STEP_COUNT - 1));
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const problems = checkStep("terms", form, application);
    if (!isEmptyErrors(problems)) {
      setErrors(problems);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await submitApplication();
      onSubmitted();
      setApplication(answer.application);
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  const props: StepProps = {
    form,
    set,
    application,
    error: (field) => {
      const code = errors[field];
      return code ? say(code) : undefined;
    },
    onApplication: setApplication,
    onUploading: (delta) => setUploads((n) => n + delta),
  };

  return (
    <Stack gap="md" data-testid="activation-wizard" data-step={step}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text maw={640}>{t("activation.intro")}</Text>
        <Group gap="sm">
          <Text size="sm" data-testid="activation-steps-left" data-count={stepsLeft}>
            {t("activation.stepsToSubmit")}:{" "}
            <Text span fw={700} inherit>
              {stepsLeft}
            </Text>
          </Text>
          <Button variant="subtle" onClick={() => setSkipOpen(true)} data-testid="activation-skip">
            {t("activation.skip")}
          </Button>
        </Group>
      </Group>

      <Stepper
        active={active}
        onStepClick={(index) => {
          if (index < active) go(index);
        }}
        allowNextStepsSelect={false}
        size="sm"
        wrap
      >
        {ACTIVATION_STEPS.map((s, index) => (
          <Stepper.Step
            key={s}
            label={t(`activation.steps.${s}`)}
            description={
              index === STEP_COUNT - 1
                ? t("activation.lastStep")
                : application.completed_steps.includes(s)
                  ? t("activation.stepDone")
                  : undefined
            }
            data-testid={`activation-stepper-${s}`}
          />
        ))}
      </Stepper>

      <Paper p="lg" withBorder>
        <Stack gap="md">
          <Group gap="sm">
            <Title order={2} size="h3" ref={headingRef} tabIndex={-1} data-testid="activation-step-title">
              {t(`activation.steps.${step}`)}
            </Title>
            {last ? (
              <Text size="sm" c="dimmed" data-testid="activation-last-step">
                {t("activation.lastStep")}
              </Text>
            ) : null}
          </Group>
          {step === "business_info" ? <BusinessInfoStep {...props} /> : null}
          {step === "payment_solutions" ? <PaymentSolutionsStep {...props} /> : null}
          {step === "documents" ? <DocumentsStep {...props} /> : null}
          {step === "settlements" ? <SettlementsStep {...props} /> : null}
          {step === "terms" ? <TermsStep {...props} /> : null}
        </Stack>
      </Paper>

      {failure ? (
        <Alert color="red" role="alert" data-testid="activation-error">
          {failure}
        </Alert>
      ) : null}

      <Group justify="space-between">
        <Button
          variant="default"
          onClick={() => go(active - 1)}
          disabled={active === 0 || busy}
          data-testid="activation-back"
        >
          {t("activation.back")}
        </Button>
        {last ? (
          <Button
            onClick={() => void submit()}
            loading={busy}
            disabled={uploads > 0}
            data-testid="activation-submit"
          >
            {t("activation.submit")}
          </Button>
        ) : (
          <Button
            onClick={() => void saveAndContinue()}
            loading={busy}
            disabled={uploads > 0}
            data-testid="activation-save"
          >
            {t("activation.saveContinue")}
          </Button>
        )}
      </Group>

      <SkipDialog opened={skipOpen} onClose={() => setSkipOpen(false)} />
    </Stack>
  );
}
