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
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import type { InvoiceField, InvoiceProblem } from "@portal/domain/api/invoices";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DatesLocale } from "../../components/DatesLocale.tsx";
import { useDatePickerLabels } from "../../components/useDatePickerLabels.ts";
import { EMPTY_INVOICE_FORM, formProblems, type InvoiceFormValues, tabOfProblems } from "./invoiceForm.ts";

/** A problem the server found (the duplicate ids), or a rule's. */
export type FormFieldProblem = InvoiceProblem | "merchant_invoice_id_exists" | "order_id_exists";
export type ServerProblems = Partial<Record<InvoiceField, FormFieldProblem>>;

export interface InvoiceChoice {
  id: number;
  name: string;
  gateway_type: string;
  currency: string;
}

interface Props {
  /** The merchant's payment integrations (the payment method choices, by currency). */
  integrations: InvoiceChoice[];
  /** Sends a valid form; answers the server's field problems, or nothing when it was created. */
  onSubmit: (values: InvoiceFormValues) => Promise<ServerProblems | undefined>;
  submitting: boolean;
  /** After success: nothing more may be sent. */
  done: boolean;
  /** The cancel link (a router link in the page). */
  cancel: ReactNode;
  /** The Home Page link shown instead of the form when there is no payment integration. */
  home: ReactNode;
  /** First values (a product's Create Invoice prefills the Order tab). */
  initial?: InvoiceFormValues;
}

/**
 * The create invoice form: the General and Order tabs with every field of the spec, checked by the shared rules
 * of packages/domain (the server runs the same). A field's problem shows once it was changed, every problem once
 * the form was sent, on the tab that holds the first one.
 */
export function InvoiceForm({ integrations, onSubmit, submitting, done, cancel, home, initial }: Props) {
  const { t } = useTranslation();
  const dateLabels = useDatePickerLabels();
  const [values, setValues] = useState<InvoiceFormValues>(initial ?? EMPTY_INVOICE_FORM);
  const [touched, setTouched] = useState<Set<InvoiceField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [tab, setTab] = useState<string | null>("general");
  const [serverProblems, setServerProblems] = useState<ServerProblems>({});

  const problems = useMemo(() => formProblems(values), [values]);
  const currencies = [...new Set(integrations.map((i) => i.currency))];
  const methods = integrations
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const tabWithProblem = tabOfProblems(problems);
    if (tabWithProblem) {
      setTab(tabWithProblem);
      return;
    }
    const found = await onSubmit(values);
    if (found && Object.keys(found).length > 0) {
      setServerProblems(found);
      setTab(tabOfProblems(found as Record<string, InvoiceProblem>) ?? "general");
    }
  };

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

  if (integrations.length === 0)
    return (
      <Alert color="yellow" variant="light" data-testid="invoice-no-integrations">
        <Stack gap="sm" align="flex-start">
          <Text>{t("invoices.form.noIntegrations")}</Text>
          {home}
        </Stack>
      </Alert>
    );

  return (
    <DatesLocale>
      <Paper withBorder p="md" component="form" onSubmit={(e) => void submit(e)} noValidate>
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
                rows={3}
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
          {cancel}
          <Button type="submit" loading={submitting} disabled={done} data-testid="invoice-submit">
            {t("invoices.form.submit")}
          </Button>
        </Group>
      </Paper>
    </DatesLocale>
  );
}
