import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import {
  type Integration,
  useAutoRetrial,
  useEditCallbacks,
  useIntegration,
} from "../../api/integrations.api.ts";
import { toast } from "../../app/toast.ts";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { useLabels } from "../../i18n/useLabels.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { CallbackUrlFields } from "./CallbackUrlFields.tsx";
import { FrameOrigins } from "./FrameOrigins.tsx";
import { type CallbacksValues, callbacksSchema } from "./integrationForm.ts";
import { useIntegrationRights } from "./rights.ts";

/** An integration's details, its callback urls (editable) and the auto callback retrial switch. */
export function IntegrationDetailsModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useIntegration(id);
  return (
    <Modal
      closeButtonProps={{ "aria-label": t("integrations.close") }}
      opened
      onClose={onClose}
      size="lg"
      title={t("integrations.details.title", { id })}
      data-testid="integration-details"
    >
      {query.isError ? (
        <Alert color="red" data-testid="integration-details-error">
          <Group justify="space-between">
            <Text size="sm">{t("messages.generic")}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t("integrations.retry")}
            </Button>
          </Group>
        </Alert>
      ) : query.data ? (
        <Details integration={query.data} />
      ) : (
        <Group justify="center" p="lg">
          <Loader aria-label={t("integrations.loading")} />
        </Group>
      )}
    </Modal>
  );
}

function Details({ integration }: { integration: Integration }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const { dateTime } = useDateFormat();
  const { canUpdate } = useIntegrationRights();
  const [editing, setEditing] = useState(false);
  const url = (value: string | null) =>
    value ? <span dir="ltr">{value}</span> : t("integrations.details.none");
  return (
    <Stack>
      <DetailGrid
        testId="integration-fields"
        items={[
          { key: "id", label: t("integrations.columns.id"), value: integration.id },
          { key: "name", label: t("integrations.columns.name"), value: integration.name },
          {
            key: "type",
            label: t("integrations.columns.type"),
            value: t(`integrations.types.${integration.type}`, { defaultValue: integration.type }),
          },
          {
            key: "gateway",
            label: t("integrations.details.gateway"),
            value: labels.code("gateways", integration.gateway_type),
          },
          { key: "currency", label: t("integrations.columns.currency"), value: integration.currency },
          {
            key: "mode",
            label: t("integrations.form.mode"),
            value: integration.is_live ? t("integrations.mode.live") : t("integrations.mode.test"),
          },
          {
            key: "status",
            label: t("integrations.columns.status"),
            value: t(`integrations.status.${integration.status}`),
          },
          {
            key: "shopify",
            label: t("integrations.columns.shopify"),
            value: integration.is_shopify ? t("integrations.yes") : t("integrations.no"),
          },
          {
            key: "auth",
            label: t("integrations.details.auth"),
            value: integration.is_auth ? t("integrations.yes") : t("integrations.no"),
          },
          {
            key: "onboarding",
            label: t("integrations.details.onboarding"),
            value: labels.code("onboarding", integration.onboarding_status),
          },
          {
            key: "created_at",
            label: t("integrations.columns.created"),
            value: dateTime(integration.created_at),
          },
          {
            key: "processed_callback_url",
            label: t("integrations.form.processed"),
            value: url(integration.processed_callback_url),
          },
          {
            key: "response_callback_url",
            label: t("integrations.form.response"),
            value: url(integration.response_callback_url),
          },
        ]}
      />
      {editing ? (
        <CallbacksForm integration={integration} onDone={() => setEditing(false)} />
      ) : canUpdate ? (
        <Group>
          <Button variant="light" onClick={() => setEditing(true)} data-testid="integration-edit-callbacks">
            {t("integrations.details.editCallbacks")}
          </Button>
        </Group>
      ) : null}
      <AutoRetrial integration={integration} canUpdate={canUpdate} />
      <FrameOrigins integration={integration} canUpdate={canUpdate} />
    </Stack>
  );
}

function CallbacksForm({ integration, onDone }: { integration: Integration; onDone: () => void }) {
  const { t } = useTranslation();
  const edit = useEditCallbacks(integration.id);
  const form = useForm<CallbacksValues>({
    resolver: zodResolver(callbacksSchema),
    defaultValues: {
      processed_callback_url: integration.processed_callback_url ?? "",
      response_callback_url: integration.response_callback_url ?? "",
    },
    mode: "onTouched",
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await edit.mutateAsync(values);
      toast.success(t("integrations.messages.edited"));
      onDone();
    } catch (err) {
      if (isApiError(err) && err.handled) return;
      toast.error(t("messages.generic"));
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="integration-callbacks-form">
      <Stack>
        <CallbackUrlFields
          processed={form.register("processed_callback_url")}
          response={form.register("response_callback_url")}
          errors={{
            processed: errors.processed_callback_url?.message,
            response: errors.response_callback_url?.message,
          }}
          testIds={{ processed: "integration-edit-processed-url", response: "integration-edit-response-url" }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("integrations.form.cancel")}
          </Button>
          <Button type="submit" loading={edit.isPending} data-testid="integration-callbacks-save">
            {t("integrations.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The auto callback retrial modal: the switch asks for confirmation before it changes the setting. */
function AutoRetrial({ integration, canUpdate }: { integration: Integration; canUpdate: boolean }) {
  const { t } = useTranslation();
  const toggle = useAutoRetrial(integration.id);
  const [asking, setAsking] = useState(false);
  const enabled = integration.auto_callback_retrial;
  const confirm = async () => {
    try {
      await toggle.mutateAsync(!enabled);
      toast.success(t("integrations.messages.edited"));
    } catch (err) {
      if (!(isApiError(err) && err.handled)) toast.error(t("messages.generic"));
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Switch
        label={t("integrations.details.retrial")}
        description={enabled ? t("integrations.details.retrialOn") : t("integrations.details.retrialOff")}
        checked={enabled}
        disabled={!canUpdate}
        onChange={() => setAsking(true)}
        data-testid="integration-retrial"
        data-enabled={String(enabled)}
      />
      <Modal
        closeButtonProps={{ "aria-label": t("integrations.close") }}
        opened={asking}
        onClose={() => setAsking(false)}
        title={t("integrations.details.retrialTitle")}
        data-testid="integration-retrial-modal"
      >
        <Stack>
          <Text>
            {enabled
              ? t("integrations.details.retrialDisableBody")
              : t("integrations.details.retrialEnableBody")}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t("integrations.form.cancel")}
            </Button>
            <Button
              loading={toggle.isPending}
              onClick={() => void confirm()}
              data-testid="integration-retrial-confirm"
            >
              {enabled ? t("integrations.details.retrialTurnOff") : t("integrations.details.retrialTurnOn")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
