import "@mantine/dates/styles.css";
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import type { InvoiceField, InvoiceProblem } from "@portal/domain/api/invoices";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useCreateInvoice, useInvoiceIntegrations } from "../../api/invoices.api.ts";
import { reportError } from "../../api/reportError.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { DatesLocale } from "../../components/DatesLocale.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDatePickerLabels } from "../../components/useDatePickerLabels.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useViewMode } from "../../live/viewpoint.ts";
import {
  bodyOf,
  EMPTY_INVOICE_FORM,
  formProblems,
  type InvoiceFormValues,
  tabOfProblems,
} from "./invoiceForm.ts";

/** How long the success message shows before the invoices list (spec: "you will redirect to Invoices page"). */
export const REDIRECT_MS = 1500;

type ServerProblem = InvoiceProblem | "merchant_invoice_id_exists" | "order_id_exists";

/**
 * Create invoice (merchant-dashboard.md sections 2, 3, 5, 8): the General and Order tabs with every field of the
 * spec, the shared rules of packages/domain (the server checks the same), shown once a field was changed or the
 * form sent. With no payment integrations it says so and offers the home page.
 */
export default function NewInvoicePage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { isLive } = useViewMode("merchant");
  const navigate = useNavigate();
  const dateLabels = useDatePickerLabels();
  const integrations = useInvoiceIntegrations(isLive);
  const create = useCreateInvoice();
  const [values, setValues] = useState<InvoiceFormValues>(EMPTY_INVOICE_FORM);
  const [touched, setTouched] = useState<Set<InvoiceField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [tab, setTab] = useState<string | null>("general");
  const [serverProblems, setServerProblems] = useState<Partial<Record<InvoiceField, ServerProblem>>>({});
  const [created, setCreated] = useState(false);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(
      () => void navigate({ to: "/{-$lang}/invoices", params: { lang } }),
      REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [created, navigate, lang]);

  const problems = useMemo(() => formProblems(values), [values]);
  const options = integrations.data?.integrations ?? [];
  const currencies = [...new Set(options.map((i) => i.currency))];
  const methods = options
    .filter((i) => i.currency === values.currency)
    .map((i) => ({ value: String(i.id), label: `${i.name} (${i.gateway_type})` }));

  const set = <K extends keyof InvoiceFormValues>(field: K, value: InvoiceFormValues[K]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // Methods of another currency cannot stay chosen.
      if (field === "currency") next.gatewayType = [];
      return next;
    });
    setTouched((s) => new Set(s).add(field as InvoiceField));
    setServerProblems((p) => ({ ...p, [field]: undefined }));
  };
  const errorOf = (field: InvoiceField): string | undefined => {
    const server = serverProblems[field];
    if (server === "merchant_invoice_id_exists" || server === "order_id_exists")
      return t(`invoices.errors.${server}`);
    const problem = server ?? (submitted || touched.has(field) ? problems[field] : undefined);
    return problem ? t(`invoices.validation.${problem as "required"}`) : undefined;
  };
  const label = (field: InvoiceField) => t(`invoices.form.fields.${field}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const tabWithProblem = tabOfProblems(problems);
    if (tabWithProblem) {
      setTab(tabWithProblem);
      return;
    }
    create.mutate(bodyOf(values, isLive), {
      onSuccess: () => setCreated(true),
      onError: (err) => {
        if (
          isApiError(err) &&
          (err.code === "merchant_invoice_id_exists" || err.code === "order_id_exists")
        ) {
          setServerProblems({ merchantOrderId: err.code });
          setTab("general");
        } else if (isApiError(err) && err.code === "validation" && Object.keys(err.fields).length > 0) {
          // The server's rules are the form's: this happens only when the choices changed meanwhile.
          setServerProblems(
            Object.fromEntries(
              Object.keys(err.fields).map((f) => [f, f === "gatewayType" ? "select_payment" : "required"]),
            ),
          );
        } else reportError(err);
      },
    });
  };

  const title = (
    <PageTitle title={t("invoices.form.title")}>
      <DataModeBadge isLive={isLive} />
    </PageTitle>
  );

  if (integrations.isPending) return <Skeleton height={320} />;
  if (integrations.isError)
    return (
      <DetailsError
        title={t("invoices.form.title")}
        testId="invoice-form-error"
        error={integrations.error}
        onRetry={() => void integrations.refetch()}
      />
    );
  if (options.length === 0)
    return (
      <Stack gap="lg" data-testid="invoice-form">
        {title}
        <Alert color="yellow" variant="light" data-testid="invoice-no-integrations">
          <Stack gap="sm" align="flex-start">
            <Text>{t("invoices.form.noIntegrations")}</Text>
            <ButtonLink to="/{-$lang}/home" params={{ lang }} data-testid="invoice-home-page">
              {t("invoices.form.homePage")}
            </ButtonLink>
          </Stack>
        </Alert>
      </Stack>
    );

  const text = (
    field: InvoiceField & keyof InvoiceFormValues,
    o: { required?: boolean; hint?: string } = {},
  ) => (
    <TextInput
      label={label(field)}
      withAsterisk={o.required}
      description={o.hint}
      value={values[field] as string}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={errorOf(field)}
      data-testid={`invoice-${field}`}
      dir={field === "phoneNumber" || field === "email" ? "ltr" : undefined}
    />
  );

  return (
    <DatesLocale>
      <Stack gap="lg" data-testid="invoice-form">
        {title}
        {created ? (
          <Alert color="teal" variant="light" data-testid="invoice-created" role="status">
            {t("invoices.form.created")}
          </Alert>
        ) : null}
        <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="general" data-testid="invoice-tab-general">
                {t("invoices.form.tabs.general")}
              </Tabs.Tab>
              <Tabs.Tab value="order" data-testid="invoice-tab-order">
                {t("invoices.form.tabs.order")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="general">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text("fullName", { required: true })}
                {text("phoneNumber", { required: true })}
                {text("email", { required: true })}
                {text("merchantOrderId", { hint: t("invoices.form.hints.merchantOrderId") })}
                <DatePickerInput
                  label={label("expiryDate")}
                  description={t("invoices.form.hints.expiry")}
                  value={values.expiryDate || null}
                  onChange={(value) => set("expiryDate", value ?? "")}
                  clearable
                  valueFormat="YYYY-MM-DD"
                  error={errorOf("expiryDate")}
                  data-testid="invoice-expiryDate"
                  {...dateLabels}
                />
                <Select
                  label={label("expiryHour")}
                  value={values.expiryHour || null}
                  onChange={(value) => set("expiryHour", value ?? "")}
                  data={Array.from({ length: 24 }, (_, h) => ({
                    value: String(h),
                    label: t("invoices.form.hour", { hour: String(h).padStart(2, "0") }),
                  }))}
                  clearable
                  error={errorOf("expiryHour")}
                  data-testid="invoice-expiryHour"
                />
              </SimpleGrid>
            </Tabs.Panel>
            <Tabs.Panel value="order">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text("orderName", { required: true })}
                {text("orderAmount", { required: true })}
                <Textarea
                  label={label("orderDescription")}
                  value={values.orderDescription}
                  onChange={(e) => set("orderDescription", e.currentTarget.value)}
                  error={errorOf("orderDescription")}
                  autosize
                  minRows={2}
                  data-testid="invoice-orderDescription"
                />
                <Select
                  label={label("currency")}
                  withAsterisk
                  value={values.currency || null}
                  onChange={(value) => set("currency", value ?? "")}
                  data={currencies}
                  error={errorOf("currency")}
                  data-testid="invoice-currency"
                />
                <MultiSelect
                  label={label("gatewayType")}
                  withAsterisk
                  description={t("invoices.form.hints.gatewayType")}
                  value={values.gatewayType}
                  onChange={(value) => set("gatewayType", value)}
                  data={methods}
                  error={errorOf("gatewayType")}
                  data-testid="invoice-gatewayType"
                />
                <Radio.Group
                  label={label("deliveryNeeded")}
                  withAsterisk
                  value={values.deliveryNeeded}
                  onChange={(value) => set("deliveryNeeded", value)}
                  error={errorOf("deliveryNeeded")}
                  data-testid="invoice-deliveryNeeded"
                >
                  <Group mt="xs">
                    <Radio value="yes" label={t("invoices.form.yes")} data-testid="invoice-delivery-yes" />
                    <Radio value="no" label={t("invoices.form.no")} data-testid="invoice-delivery-no" />
                  </Group>
                </Radio.Group>
              </SimpleGrid>
            </Tabs.Panel>
          </Tabs>
          {submitted && Object.keys(problems).length > 0 ? (
            <Text c="red.9" size="sm" mt="md" role="alert" data-testid="invoice-fix-errors">
              {t("invoices.form.fixErrors")}
            </Text>
          ) : null}
          <Group justify="flex-end" mt="lg">
            <ButtonLink variant="default" to="/{-$lang}/invoices" params={{ lang }}>
              {t("invoices.form.cancel")}
            </ButtonLink>
            <Button type="submit" loading={create.isPending} disabled={created} data-testid="invoice-submit">
              {t("invoices.form.submit")}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </DatesLocale>
  );
}
