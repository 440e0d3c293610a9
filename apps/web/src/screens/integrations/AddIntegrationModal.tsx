import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { COUNTRY_INFO } from "@portal/domain/countries";
import { CURRENCIES } from "@portal/domain/currencies";
import { INTEGRATION_TYPES } from "@portal/domain/gateways";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useAddIntegration } from "../../api/integrations.api.ts";
import { toast } from "../../app/toast.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { CallbackUrlFields, useFormProblem } from "./CallbackUrlFields.tsx";
import { type AddIntegrationValues, addFailureMessage, addIntegrationSchema } from "./integrationForm.ts";

/** Add integration (spec sections 2 and 9): name required, callback urls optional; the spec's messages. */
export function AddIntegrationModal(props: { isLive: boolean; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const { session } = useDashboard();
  const add = useAddIntegration();
  const currency = COUNTRY_INFO[session.country]?.currency ?? "EGP";
  const form = useForm<AddIntegrationValues>({
    resolver: zodResolver(addIntegrationSchema),
    defaultValues: {
      name: "",
      type: "online",
      currency: (CURRENCIES as readonly string[]).includes(currency)
        ? (currency as AddIntegrationValues["currency"])
        : "EGP",
      mode: props.isLive ? "live" : "test",
      processed_callback_url: "",
      response_callback_url: "",
    },
    mode: "onTouched",
  });
  const errors = form.formState.errors;
  const problem = useFormProblem();

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({
        name: values.name,
        type: values.type,
        currency: values.currency,
        is_live: values.mode === "live",
        processed_callback_url: values.processed_callback_url,
        response_callback_url: values.response_callback_url,
      });
      toast.success(t("integrations.messages.added"));
      props.onAdded();
    } catch (err) {
      if (isApiError(err) && err.handled) return;
      toast.error(
        addFailureMessage(err) === "cannotCreate"
          ? t("integrations.messages.cannotCreate")
          : t("messages.generic"),
      );
    }
  });

  return (
    <Modal
      closeButtonProps={{ "aria-label": t("integrations.close") }}
      opened
      onClose={props.onClose}
      title={t("integrations.form.title")}
      data-testid="integration-add-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t("integrations.form.name")}
            required
            {...form.register("name")}
            error={problem(errors.name?.message)}
            data-testid="integration-name"
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label={t("integrations.form.type")}
                allowDeselect={false}
                data={INTEGRATION_TYPES.map((type) => ({
                  value: type,
                  label: t(`integrations.types.${type}`),
                }))}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                data-testid="integration-type"
              />
            )}
          />
          <Controller
            control={form.control}
            name="currency"
            render={({ field }) => (
              <Select
                label={t("integrations.form.currency")}
                allowDeselect={false}
                data={[...CURRENCIES]}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                data-testid="integration-currency"
              />
            )}
          />
          <Controller
            control={form.control}
            name="mode"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="integration-mode-label">
                  {t("integrations.form.mode")}
                </Text>
                <SegmentedControl
                  aria-labelledby="integration-mode-label"
                  data={[
                    { value: "test", label: t("integrations.mode.test") },
                    { value: "live", label: t("integrations.mode.live") },
                  ]}
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  data-testid="integration-mode"
                />
              </Stack>
            )}
          />
          <CallbackUrlFields
            processed={form.register("processed_callback_url")}
            response={form.register("response_callback_url")}
            errors={{
              processed: errors.processed_callback_url?.message,
              response: errors.response_callback_url?.message,
            }}
            testIds={{ processed: "integration-processed-url", response: "integration-response-url" }}
            hints
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("integrations.form.cancel")}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="integration-add-submit">
              {t("integrations.form.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
