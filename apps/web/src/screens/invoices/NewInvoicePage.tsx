import { Alert, Skeleton, Stack } from "@mantine/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useCreateInvoice, useInvoiceIntegrations } from "../../api/invoices.api.ts";
import { reportError } from "../../api/reportError.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useViewMode } from "../../live/viewpoint.ts";
import { InvoiceForm, type ServerProblems } from "./InvoiceForm.tsx";
import { bodyOf, prefilledForm } from "./invoiceForm.ts";

/** How long the success message shows before the invoices list (spec: "you will redirect to Invoices page"). */
export const REDIRECT_MS = 1500;

/**
 * Create invoice (merchant-dashboard.md sections 2, 3, 5, 8): the form (InvoiceForm.tsx) in the dashboard's
 * live or test mode. With no payment integrations it says so and offers the home page; after success it says
 * 'Invoice Created Successfully, you will redirect to Invoices page.' and goes to the list.
 */
export default function NewInvoicePage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { isLive } = useViewMode("merchant");
  const navigate = useNavigate();
  const integrations = useInvoiceIntegrations(isLive);
  const create = useCreateInvoice();
  const prefill = useSearch({ from: "/{-$lang}/app/invoices/new" });
  const [created, setCreated] = useState(false);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(
      () => void navigate({ to: "/{-$lang}/invoices", params: { lang } }),
      REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [created, navigate, lang]);

  const submit = async (values: Parameters<typeof bodyOf>[0]): Promise<ServerProblems | undefined> => {
    try {
      await create.mutateAsync(bodyOf(values, isLive));
      setCreated(true);
      return undefined;
    } catch (err) {
      if (isApiError(err) && (err.code === "merchant_invoice_id_exists" || err.code === "order_id_exists"))
        return { merchantOrderId: err.code };
      if (isApiError(err) && err.code === "validation" && Object.keys(err.fields).length > 0)
        // The server's rules are the form's: this happens only when the choices changed meanwhile.
        return Object.fromEntries(
          Object.keys(err.fields).map((f) => [f, f === "gatewayType" ? "select_payment" : "required"]),
        );
      reportError(err);
      return undefined;
    }
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
  const options = integrations.data.integrations;
  return (
    <Stack gap="lg" data-testid="invoice-form">
      {title}
      {created ? (
        <Alert color="teal" variant="light" data-testid="invoice-created" role="status">
          {t("invoices.form.created")}
        </Alert>
      ) : null}
      <InvoiceForm
        integrations={options}
        initial={prefilledForm(prefill)}
        onSubmit={submit}
        submitting={create.isPending}
        done={created}
        cancel={
          <ButtonLink variant="default" to="/{-$lang}/invoices" params={{ lang }}>
            {t("invoices.form.cancel")}
          </ButtonLink>
        }
        home={
          <ButtonLink to="/{-$lang}/home" params={{ lang }} data-testid="invoice-home-page">
            {t("invoices.form.homePage")}
          </ButtonLink>
        }
      />
    </Stack>
  );
}
