import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import type { StoredImage } from "@portal/domain/api/images";
import { LINK_METHODS, type LinkMethod } from "@portal/domain/api/payment-links";
import { VALIDATION_MESSAGES } from "@portal/domain/validation";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors.ts";
import { useCreatePaymentLink, usePaymentLinkOptions } from "../../api/payment-links.api.ts";
import { toast } from "../../app/toast.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import { ImageDrop } from "./ImageDrop.tsx";
import {
  EMPTY_LINK_FORM,
  type LinkFormValues,
  type LinkProblems,
  linkBody,
  SERVER_FIELDS,
} from "./linkForm.ts";

/** The server's English field messages, back to the form's problem keys (translated in both catalogues). */
const SERVER_MESSAGES: Record<string, string> = {
  [VALIDATION_MESSAGES.required]: "required",
  [VALIDATION_MESSAGES.invalid_amount]: "invalidAmount",
  [VALIDATION_MESSAGES.select_payment]: "selectPayment",
  [VALIDATION_MESSAGES.select_currency]: "selectCurrency",
  [VALIDATION_MESSAGES.invalid_email]: "invalidEmail",
  [VALIDATION_MESSAGES.invalid_phone]: "invalidPhone",
  [VALIDATION_MESSAGES.html_tags]: "htmlTags",
  [VALIDATION_MESSAGES.link_invalid_number]: "invalidNumber",
};

/**
 * Create Payment Link (merchant-dashboard.md sections 2, 3 and 5): amount, currency, payment methods limited to
 * the merchant's integrations, reference, client, one-click payment, description, expiry, quick-link limit,
 * business logo and product image. With no integrations it says so and offers the home page.
 */
export default function NewPaymentLinkPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { isLive } = useLiveMode();
  const navigate = useNavigate();
  const options = usePaymentLinkOptions(isLive);
  const create = useCreatePaymentLink();
  const [values, setValues] = useState<LinkFormValues>(EMPTY_LINK_FORM);
  const [logo, setLogo] = useState<StoredImage | null>(null);
  const [productImage, setProductImage] = useState<StoredImage | null>(null);
  const [problems, setProblems] = useState<LinkProblems>({});
  const [serverProblem, setServerProblem] = useState<Partial<Record<keyof LinkFormValues, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof LinkFormValues>(key: K, value: LinkFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
    setServerProblem((p) => ({ ...p, [key]: undefined }));
  };
  const error = (key: keyof LinkFormValues) =>
    problems[key] ? t(`paymentLinks.errors.${problems[key]}`) : (serverProblem[key] ?? undefined);

  if (options.isLoading) return <Skeleton h={400} />;
  if (options.isError || !options.data)
    return (
      <Alert color="red" data-testid="link-options-error">
        {t("paymentLinks.errors.generic")}
      </Alert>
    );
  const opts = options.data;
  if (!opts.has_integrations)
    return (
      <Stack data-testid="link-no-integrations">
        <PageTitle title={t("paymentLinks.form.title")} />
        <Alert color="yellow">{t("paymentLinks.errors.no_integrations")}</Alert>
        <Group>
          <ButtonLink to="/{-$lang}/home" params={{ lang }} data-testid="link-home">
            {t("paymentLinks.form.homePage")}
          </ButtonLink>
        </Group>
      </Stack>
    );
  const available = new Map(opts.methods.map((m) => [m.method, m.currencies]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = linkBody(
      {
        ...values,
        currency: values.currency || opts.merchant_currency,
        logoImageId: logo?.id ?? null,
        productImageId: productImage?.id ?? null,
      },
      isLive,
      new Date(),
    );
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    create.mutate(result.body, {
      onSuccess: (link) => {
        toast.success(t("paymentLinks.messages.created"));
        void navigate({
          to: "/{-$lang}/payment-links",
          params: { lang },
          search: { open: link.id } as never,
        });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) {
          const next: Partial<Record<keyof LinkFormValues, string>> = {};
          for (const [field, messages] of Object.entries(err.fields)) {
            const key = SERVER_FIELDS[field];
            const message = messages[0] ?? "";
            const known =
              SERVER_MESSAGES[message] ?? (err.code && err.code !== "validation" ? err.code : undefined);
            if (key) next[key] = known ? t(`paymentLinks.errors.${known as "required"}`) : message;
          }
          setServerProblem(next);
          if (Object.keys(next).length === 0)
            setFailure(
              err.code
                ? t(`paymentLinks.errors.${err.code as "generic"}`, {
                    defaultValue: t("paymentLinks.errors.generic"),
                  })
                : t("paymentLinks.errors.generic"),
            );
        } else setFailure(t("paymentLinks.errors.generic"));
      },
    });
  };

  return (
    <Stack data-testid="new-payment-link-page">
      <PageTitle title={t("paymentLinks.form.title")}>
        <DataModeBadge isLive={isLive} />
      </PageTitle>
      <Paper p="md" radius="lg" withBorder component="form" onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("paymentLinks.form.amount")}
              required
              inputMode="decimal"
              value={values.amount}
              onChange={(e) => set("amount", e.currentTarget.value)}
              error={error("amount")}
              maxLength={20}
              data-testid="link-amount"
            />
            <Select
              label={t("paymentLinks.form.currency")}
              required
              data={opts.currencies}
              value={values.currency || opts.merchant_currency}
              onChange={(v) => set("currency", v ?? "")}
              error={error("currency")}
              allowDeselect={false}
              data-testid="link-currency"
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t("paymentLinks.form.methods")}
            withAsterisk
            value={values.methods}
            onChange={(v) => set("methods", v as LinkMethod[])}
            error={error("methods")}
            data-testid="link-methods"
          >
            <Group mt="xs">
              {LINK_METHODS.map((m) => {
                const currencies = available.get(m);
                return (
                  <Checkbox
                    key={m}
                    value={m}
                    label={
                      currencies
                        ? `${t(`paymentLinks.methods.${m}`)} (${currencies.join(", ")})`
                        : `${t(`paymentLinks.methods.${m}`)} — ${t("paymentLinks.form.notAvailable")}`
                    }
                    disabled={!currencies}
                    data-testid={`link-method-${m}`}
                  />
                );
              })}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("paymentLinks.form.reference")}
              value={values.reference}
              onChange={(e) => set("reference", e.currentTarget.value)}
              error={error("reference")}
              maxLength={255}
              data-testid="link-reference"
            />
            <TextInput
              label={t("paymentLinks.form.expiresAt")}
              description={t("paymentLinks.form.expiresHint")}
              type="datetime-local"
              value={values.expiresAt}
              onChange={(e) => set("expiresAt", e.currentTarget.value)}
              error={error("expiresAt")}
              data-testid="link-expires"
            />
            <TextInput
              label={t("paymentLinks.form.firstName")}
              value={values.firstName}
              onChange={(e) => set("firstName", e.currentTarget.value)}
              error={error("firstName")}
              maxLength={255}
              autoComplete="off"
              data-testid="link-first-name"
            />
            <TextInput
              label={t("paymentLinks.form.lastName")}
              value={values.lastName}
              onChange={(e) => set("lastName", e.currentTarget.value)}
              error={error("lastName")}
              maxLength={255}
              autoComplete="off"
              data-testid="link-last-name"
            />
            <TextInput
              label={t("paymentLinks.form.email")}
              type="email"
              value={values.email}
              onChange={(e) => set("email", e.currentTarget.value)}
              error={error("email")}
              maxLength={254}
              autoComplete="off"
              data-testid="link-email"
            />
            <TextInput
              label={t("paymentLinks.form.phone")}
              type="tel"
              value={values.phone}
              onChange={(e) => set("phone", e.currentTarget.value)}
              error={error("phone")}
              maxLength={32}
              autoComplete="off"
              data-testid="link-phone"
            />
          </SimpleGrid>
          <Textarea
            label={t("paymentLinks.form.description")}
            value={values.description}
            onChange={(e) => set("description", e.currentTarget.value)}
            error={error("description")}
            maxLength={1000}
            autosize
            minRows={2}
            data-testid="link-description"
          />
          <Group align="flex-end">
            <TextInput
              label={t("paymentLinks.form.limit")}
              description={t("paymentLinks.form.limitHint")}
              inputMode="numeric"
              value={values.unlimited ? "" : values.limit}
              disabled={values.unlimited}
              onChange={(e) => set("limit", e.currentTarget.value)}
              error={error("limit")}
              maxLength={6}
              w={220}
              data-testid="link-limit"
            />
            <Checkbox
              label={t("paymentLinks.unlimited")}
              checked={values.unlimited}
              onChange={(e) => set("unlimited", e.currentTarget.checked)}
              mb={8}
              data-testid="link-unlimited"
            />
          </Group>
          <Switch
            label={t("paymentLinks.form.oneClick")}
            description={t("paymentLinks.form.oneClickHint")}
            checked={values.oneClick}
            onChange={(e) => set("oneClick", e.currentTarget.checked)}
            data-testid="link-one-click"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ImageDrop
              purpose="logo"
              label={t("paymentLinks.form.logo")}
              value={logo}
              onChange={setLogo}
              testId="link-logo"
            />
            <ImageDrop
              purpose="product"
              label={t("paymentLinks.form.productImage")}
              value={productImage}
              onChange={setProductImage}
              testId="link-product-image"
            />
          </SimpleGrid>
          {failure ? (
            <Alert color="red" role="alert" data-testid="link-create-error">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <ButtonLink variant="default" to="/{-$lang}/payment-links" params={{ lang }}>
              {t("paymentLinks.form.cancel")}
            </ButtonLink>
            <Button type="submit" loading={create.isPending} data-testid="link-submit">
              {t("paymentLinks.form.submit")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
