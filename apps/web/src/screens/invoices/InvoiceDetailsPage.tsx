import { Accordion, Anchor, Button, CopyButton, Group, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { InvoiceSendChannel } from "@portal/domain/api/invoices";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useDeleteInvoice, useInvoiceDetails, useSendInvoice } from "../../api/invoices.api.ts";
import { reportError } from "../../api/reportError.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { QrCode } from "../../components/QrCode.tsx";
import { useLabels } from "../../i18n/useLabels.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge.tsx";

const KNOWN_ERRORS = [
  "resend_sms_wait",
  "invoice_paid",
  "invoice_not_payable",
  "invoice_no_contact",
] as const;

/** An action's failure: the invoices' own codes in the user's language, anything else the generic handler. */
function reportInvoiceError(err: unknown, t: (key: string) => string): void {
  const code = isApiError(err) ? err.code : undefined;
  if (code && (KNOWN_ERRORS as readonly string[]).includes(code)) toast.error(t(`invoices.errors.${code}`));
  else reportError(err);
}

/**
 * Invoice details (back-office.md "Invoice and payment link"): client, cart, shipping, status, expiry, remaining
 * attempts, created by, source, the invoice link with copy and its QR code; send by SMS or e-mail; delete.
 */
export default function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const tr = t as unknown as (key: string) => string;
  const { id } = useParams({ from: "/{-$lang}/app/invoices/$id" });
  const invoiceId = Number(id);
  const { lang, session } = useDashboard();
  const { dateTime } = useDateFormat();
  const labels = useLabels();
  const query = useInvoiceDetails(invoiceId);
  const send = useSendInvoice(invoiceId);
  const remove = useDeleteInvoice(invoiceId);
  const navigate = useNavigate();
  const [delOpen, del] = useDisclosure(false);
  const canSend = session.permNames.includes("can update orders");
  const canDelete = session.permNames.includes("can delete orders");
  const f = (key: string) => t(`invoices.details.fields.${key as "id"}`);

  if (query.isPending) return <Skeleton height={300} />;
  if (query.isError)
    return (
      <DetailsError
        title={t("invoices.details.title", { id: invoiceId })}
        testId="invoice-details-error"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const d = query.data;
  const yesNo = (v: boolean) => (v ? t("invoices.details.yes") : t("invoices.details.no"));
  const sentAt = (v: string | null) => (v ? dateTime(v) : t("invoices.details.never"));
  const doSend = (channel: InvoiceSendChannel) =>
    send.mutate(channel, {
      onSuccess: () =>
        toast.success(channel === "sms" ? t("invoices.details.sentSms") : t("invoices.details.sentEmail")),
      onError: (err) => reportInvoiceError(err, tr),
    });
  const payable = d.status === "unpaid";

  return (
    <Stack gap="lg" data-testid="invoice-details" data-invoice-id={d.id}>
      <PageTitle title={t("invoices.details.title", { id: d.id })}>
        <DataModeBadge isLive={d.is_live} />
        {canSend && payable ? (
          <>
            <Button
              variant="outline"
              onClick={() => doSend("sms")}
              loading={send.isPending && send.variables === "sms"}
              data-testid="invoice-send-sms"
            >
              {t("invoices.details.sendSms")}
            </Button>
            <Button
              variant="outline"
              onClick={() => doSend("email")}
              loading={send.isPending && send.variables === "email"}
              data-testid="invoice-send-email"
            >
              {t("invoices.details.sendEmail")}
            </Button>
          </>
        ) : null}
        {canDelete && d.status !== "paid" ? (
          <Button variant="outline" color="red.9" onClick={del.open} data-testid="invoice-delete">
            {t("invoices.details.delete")}
          </Button>
        ) : null}
      </PageTitle>
      <AnchorLink to="/{-$lang}/invoices" params={{ lang }}>
        {t("invoices.details.back")}
      </AnchorLink>
      <Accordion
        multiple
        variant="separated"
        defaultValue={["invoice", "client", "cart", "shipping", "link"]}
      >
        <Accordion.Item value="invoice" data-testid="invoice-section-invoice">
          <Accordion.Control>{t("invoices.details.sections.invoice")}</Accordion.Control>
          <Accordion.Panel>
            <DetailGrid
              items={[
                { key: "id", label: f("id"), value: d.id },
                { key: "merchant_invoice_id", label: f("merchant_invoice_id"), value: d.merchant_invoice_id },
                { key: "created_at", label: f("created_at"), value: dateTime(d.created_at) },
                { key: "amount", label: f("amount"), value: money(d.amount_cents, d.currency, lang) },
                { key: "status", label: f("status"), value: <InvoiceStatusBadge status={d.status} /> },
                { key: "expires_at", label: f("expires_at"), value: dateTime(d.expires_at) },
                {
                  key: "remaining_attempts",
                  label: f("remaining_attempts"),
                  value: d.remaining_attempts ?? t("invoices.details.unlimited"),
                },
                { key: "created_by", label: f("created_by"), value: d.created_by },
                { key: "source", label: f("source"), value: labels.origin(d.source) },
                { key: "delivery_needed", label: f("delivery_needed"), value: yesNo(d.delivery_needed) },
                { key: "paid_at", label: f("paid_at"), value: d.paid_at ? dateTime(d.paid_at) : null },
                {
                  key: "order_id",
                  label: f("order_id"),
                  value:
                    d.order_id === null ? null : (
                      <AnchorLink to="/{-$lang}/orders/$id" params={{ lang, id: String(d.order_id) }}>
                        {d.order_id}
                      </AnchorLink>
                    ),
                },
                {
                  key: "integrations",
                  label: f("integrations"),
                  value: d.integrations
                    .map((i) => `${i.name} (${labels.code("gateways", i.gateway_type) ?? i.gateway_type})`)
                    .join(", "),
                },
                { key: "description", label: f("description"), value: d.description },
                { key: "sent_sms", label: f("sent_sms"), value: sentAt(d.sms_sent_at) },
                { key: "sent_email", label: f("sent_email"), value: sentAt(d.email_sent_at) },
              ]}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="client" data-testid="invoice-section-client">
          <Accordion.Control>{t("invoices.details.sections.client")}</Accordion.Control>
          <Accordion.Panel>
            <DetailGrid
              items={[
                { key: "full_name", label: f("full_name"), value: d.client.full_name },
                {
                  key: "phone_number",
                  label: f("phone_number"),
                  value: d.client.phone_number ? <span dir="ltr">{d.client.phone_number}</span> : null,
                },
                {
                  key: "email",
                  label: f("email"),
                  value: d.client.email ? <span dir="ltr">{d.client.email}</span> : null,
                },
              ]}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="cart" data-testid="invoice-section-cart">
          <Accordion.Control>{t("invoices.details.sections.cart")}</Accordion.Control>
          <Accordion.Panel>
            {d.cart.length === 0 ? (
              <Text c="dimmed">{t("invoices.details.cartEmpty")}</Text>
            ) : (
              <Table striped aria-label={t("invoices.details.sections.cart")}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{f("product")}</Table.Th>
                    <Table.Th>{f("description")}</Table.Th>
                    <Table.Th style={{ textAlign: "end" }}>{f("quantity")}</Table.Th>
                    <Table.Th style={{ textAlign: "end" }}>{f("item_amount")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.cart.map((item, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cart items have no id of their own
                    <Table.Tr key={i}>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td>{item.description ?? "—"}</Table.Td>
                      <Table.Td style={{ textAlign: "end" }}>{item.quantity}</Table.Td>
                      <Table.Td style={{ textAlign: "end" }}>
                        {item.amount_cents === null ? "—" : money(item.amount_cents, d.currency, lang)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="shipping" data-testid="invoice-section-shipping">
          <Accordion.Control>{t("invoices.details.sections.shipping")}</Accordion.Control>
          <Accordion.Panel>
            {d.shipping && Object.keys(d.shipping).length > 0 ? (
              <DetailGrid
                items={Object.entries(d.shipping).map(([key, value]) => ({
                  key,
                  label: key,
                  value: typeof value === "string" || typeof value === "number" ? String(value) : null,
                }))}
              />
            ) : (
              <Text c="dimmed">{t("invoices.details.shippingEmpty")}</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="link" data-testid="invoice-section-link">
          <Accordion.Control>{t("invoices.details.sections.link")}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm" align="flex-start">
              <Group gap="sm" wrap="wrap">
                <Anchor
                  href={d.invoice_url}
                  target="_blank"
                  rel="noreferrer"
                  dir="ltr"
                  style={{ overflowWrap: "anywhere" }}
                  data-testid="invoice-url"
                >
                  {d.invoice_url}
                </Anchor>
                <CopyButton value={d.invoice_url}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy} data-testid="invoice-copy">
                      {copied ? t("invoices.details.copied") : t("invoices.details.copy")}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <QrCode
                url={d.invoice_url}
                label={t("invoices.details.qrLabel", { id: d.id })}
                fileName={`invoice-${d.id}`}
                testId="invoice-qr"
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <ConfirmModal
        opened={delOpen}
        onClose={del.close}
        title={t("invoices.details.deleteTitle", { id: d.id })}
        body={t("invoices.details.deleteBody")}
        confirmLabel={t("invoices.details.deleteConfirm")}
        danger
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              del.close();
              toast.success(t("invoices.details.deleted"));
              void navigate({ to: "/{-$lang}/invoices", params: { lang } });
            },
            onError: (err) => {
              del.close();
              reportInvoiceError(err, tr);
            },
          })
        }
        testId="invoice-delete-modal"
      />
    </Stack>
  );
}
