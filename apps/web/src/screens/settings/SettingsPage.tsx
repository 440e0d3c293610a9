import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { type MerchantProfile, PROFILE_LIMITS } from "@portal/domain/api/profile";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import {
  contractUrl,
  fileAsBase64,
  useMerchantProfile,
  useSaveNotifications,
  useSubmitContract,
} from "../../api/profile.api.ts";
import { reportError } from "../../api/reportError.ts";
import { toast } from "../../app/toast.ts";
import { ButtonLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { PasswordConfirmModal } from "../../components/profile/PasswordConfirmModal.tsx";
import { passwordRefusal } from "../../components/profile/passwordErrors.ts";
import { StatementsSubscriptionSwitch } from "../../components/StatementsSubscriptionSwitch.tsx";
import { ScreenLink } from "../../layouts/ScreenLink.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { canView } from "../../navigation/screens.ts";

/**
 * Settings (spec sections 2 and 4): password change, the merchant notification e-mails (asks for the password),
 * the monthly statements, the contract (view and submit) and the developer settings (API keys).
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const profile = useMerchantProfile();
  return (
    <Stack data-testid="settings-page">
      <PageTitle title={t("settings.title")} />
      {profile.isError ? (
        <Alert color="red" data-testid="settings-error">
          <Group justify="space-between">
            <Text size="sm">{t("profile.loadError")}</Text>
            <Button size="xs" variant="default" onClick={() => void profile.refetch()}>
              {t("profile.retry")}
            </Button>
          </Group>
        </Alert>
      ) : !profile.data ? (
        <Stack aria-busy="true" data-testid="settings-loading">
          <Skeleton height={100} radius="lg" />
          <Skeleton height={100} radius="lg" />
          <Skeleton height={100} radius="lg" />
        </Stack>
      ) : (
        <SettingsSections profile={profile.data} />
      )}
    </Stack>
  );
}

function Section(props: { title: string; testId: string; children: ReactNode; action?: ReactNode }) {
  const id = `${props.testId}-title`;
  return (
    <Paper withBorder p="md" radius="lg" data-testid={props.testId} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={id}>
            {props.title}
          </Title>
          {props.action}
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}

function SettingsSections({ profile }: { profile: MerchantProfile }) {
  const { t } = useTranslation();
  const { lang, viewer } = useDashboard();
  return (
    <>
      <Section
        title={t("settings.password.title")}
        testId="settings-password"
        action={
          <ButtonLink
            to="/{-$lang}/changepassword"
            params={{ lang }}
            variant="default"
            data-testid="settings-change-password"
          >
            {t("settings.password.change")}
          </ButtonLink>
        }
      >
        <Text size="sm" c="dimmed">
          {t("settings.password.body")}
        </Text>
      </Section>

      <NotificationSection profile={profile} />

      <Section
        title={t("settings.statements.title")}
        testId="settings-statements"
        action={
          canView("statements", viewer) ? (
            <Button
              component={ScreenLink}
              screen="statements"
              lang={lang}
              variant="default"
              data-testid="settings-statements-link"
            >
              {t("settings.statements.open")}
            </Button>
          ) : null
        }
      >
        {canView("statements", viewer) ? (
          <StatementsSubscriptionSwitch testId="settings-statements-subscription" />
        ) : (
          <Text size="sm" c="dimmed">
            {t("settings.statements.body")}
          </Text>
        )}
      </Section>

      <ContractSection profile={profile} />

      <Section title={t("settings.developers.title")} testId="settings-developers">
        <Text size="sm" c="dimmed">
          {t("settings.developers.body")}
        </Text>
        <Group gap="xs">
          {canView("apiKeys", viewer) ? (
            <Button
              component={ScreenLink}
              screen="apiKeys"
              lang={lang}
              variant="default"
              data-testid="settings-api-keys"
            >
              {t("nav.apiKeys")}
            </Button>
          ) : null}
          {canView("checkoutCustomization", viewer) ? (
            <Button
              component={ScreenLink}
              screen="checkoutCustomization"
              lang={lang}
              variant="default"
              data-testid="settings-checkout-customization"
            >
              {t("settings.developers.checkout")}
            </Button>
          ) : null}
          <Button
            component={ScreenLink}
            screen="profile"
            lang={lang}
            variant="default"
            data-testid="settings-profile"
          >
            {t("settings.editProfile")}
          </Button>
        </Group>
      </Section>
    </>
  );
}

/** The merchant notification e-mails switch; changing it asks for the account's password (spec section 4). */
function NotificationSection({ profile }: { profile: MerchantProfile }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const save = useSaveNotifications();
  const [asking, setAsking] = useState<boolean | null>(null);
  const confirm = async (password: string) => {
    if (asking === null) return undefined;
    try {
      await save.mutateAsync({ enabled: asking, password });
      toast.success(t("profile.done"));
      return undefined;
    } catch (err) {
      return passwordRefusal(err, t, lang);
    }
  };
  return (
    <Section title={t("settings.notifications.title")} testId="settings-notifications">
      <Switch
        checked={profile.notification_emails}
        onChange={(e) => setAsking(e.currentTarget.checked)}
        disabled={!profile.can_edit}
        label={t("settings.notifications.label")}
        description={profile.can_edit ? t("settings.notifications.body") : t("profile.ownerOnly")}
        data-testid="settings-notifications-switch"
      />
      <PasswordConfirmModal
        opened={asking !== null}
        title={asking ? t("settings.notifications.turnOn") : t("settings.notifications.turnOff")}
        body={t("settings.notifications.confirm")}
        onClose={() => setAsking(null)}
        onConfirm={confirm}
        testId="notifications-confirm"
      />
    </Section>
  );
}

const CONTRACT_TYPES = "application/pdf,image/png,image/jpeg";

/** The contract: the one submitted (open it) and submitting a signed copy (PDF, PNG or JPEG, at most 4 MB). */
function ContractSection({ profile }: { profile: MerchantProfile }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const submit = useSubmitContract();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const send = async () => {
    if (!file) {
      setProblem(t("validation.required"));
      return;
    }
    if (file.size > PROFILE_LIMITS.contract_bytes) {
      setProblem(t("settings.contract.tooLarge"));
      return;
    }
    try {
      await submit.mutateAsync(await fileAsBase64(file));
      setFile(null);
      toast.success(t("profile.done"));
    } catch (err) {
      const code = isApiError(err) ? err.code : undefined;
      if (code === "contract_type") setProblem(t("settings.contract.wrongType"));
      else if (code === "contract_too_large") setProblem(t("settings.contract.tooLarge"));
      else reportError(err);
    }
  };
  const contract = profile.contract;
  return (
    <Section title={t("settings.contract.title")} testId="settings-contract">
      {contract ? (
        <Group gap="xs" data-testid="settings-contract-current">
          <Text size="sm">
            {t("settings.contract.submitted", { date: formatDateTime(contract.submitted_at, lang) })}
          </Text>
          <Anchor
            href={contractUrl(contract.document_id)}
            target="_blank"
            rel="noopener"
            size="sm"
            data-testid="settings-contract-view"
          >
            {t("settings.contract.view", { name: contract.file_name })}
          </Anchor>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="settings-contract-none">
          {t("settings.contract.none")}
        </Text>
      )}
      {profile.can_edit ? (
        <Group align="flex-end">
          <FileInput
            style={{ flex: 1, maxWidth: 420 }}
            label={contract ? t("settings.contract.replace") : t("settings.contract.upload")}
            description={t("settings.contract.rules")}
            accept={CONTRACT_TYPES}
            value={file}
            onChange={(f) => {
              setFile(f);
              setProblem(undefined);
            }}
            error={problem}
            clearable
            clearButtonProps={{ "aria-label": t("settings.contract.clear") }}
            data-testid="settings-contract-file"
          />
          <Button
            onClick={() => void send()}
            loading={submit.isPending}
            data-testid="settings-contract-submit"
          >
            {t("settings.contract.submit")}
          </Button>
        </Group>
      ) : null}
    </Section>
  );
}
