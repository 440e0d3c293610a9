import { Accordion, Badge, Button, Group, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { TransactionDetails } from "@portal/domain/api/transactions";
import { useNavigate, useParams } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useTransactionActions, useTransactionDetails } from "../../api/transactions.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { DetailGrid, type DetailItem } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { AnchorLink, ButtonLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import type { Lang } from "../../i18n/language.ts";
import { useLabels } from "../../i18n/useLabels.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useViewMode, viewpointOf } from "../../live/viewpoint.ts";
import { CaptureModal, RefundModal, useActionOutcome } from "./ActionModals.tsx";
import { failureMessage } from "./actionMessages.ts";

type Details = TransactionDetails;

function useValues(lang: Lang) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  return {
    yesNo: (v: boolean) => (v ? t("transactions.details.yes") : t("transactions.details.no")),
    amount: (v: number | null, currency: string) => (v === null ? null : money(v, currency, lang)),
    date: (v: string | null) => (v ? dateTime(v) : null),
    /** VAT, fees and commission are shown in cents, as integers (spec section 3). */
    cents: (v: number) => <bdi dir="ltr">{v}</bdi>,
    ltr: (v: string | null) => (v ? <bdi dir="ltr">{v}</bdi> : null),
  };
}

/** A free-form block (billing, shipping, financing): known keys get labels in both languages. */
function recordItems(record: Record<string, unknown>, label: (key: string) => string): DetailItem[] {
  return Object.entries(record).map(([key, value]) => ({
    key,
    label: label(key),
    value:
      value === null || value === undefined ? null : typeof value === "object" ? (
        JSON.stringify(value)
      ) : typeof value === "string" && /^https?:\/\//.test(value) ? (
        <a href={value} target="_blank" rel="noreferrer">
          {value}
        </a>
      ) : (
        String(value)
      ),
  }));
}

function Section({ value, title, children }: { value: string; title: string; children: ReactNode }) {
  return (
    <Accordion.Item value={value} data-testid={`section-${value}`}>
      <Accordion.Control>{title}</Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

/** The details page: collapsible sections with every field of spec section 3, the callback log and the actions. */
export default function TransactionDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams({ from: "/{-$lang}/app/transactions/$id" });
  const txId = Number(id);
  const { lang, session } = useDashboard();
  const view = viewpointOf(session.type);
  const { isLive } = useViewMode(view);
  const query = useTransactionDetails(view, txId, isLive);
  const v = useValues(lang);
  const labels = useLabels();
  const keyLabel = (key: string) => {
    const k = `transactions.details.keys.${key}`;
    return i18n.exists(k) ? t(k as "transactions.details.keys.id") : key;
  };

  if (query.isPending) {
    return (
      <Stack data-testid="tx-details-loading">
        <Skeleton height={40} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <DetailsError
        title={t("transactions.details.title", { id: txId })}
        testId="tx-details-error"
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        <AnchorLink to="/{-$lang}/transactions" params={{ lang }}>
          {t("transactions.details.back")}
        </AnchorLink>
      </DetailsError>
    );
  }

  const d = query.data;
  const tx = d.transaction;
  const f = (key: string) => t(`transactions.details.fields.${key as "id"}`);
  const txItems: DetailItem[] = [
    { key: "id", label: f("id"), value: tx.id },
    { key: "type", label: f("type"), value: labels.code("gateways", tx.type) },
    { key: "amount", label: f("amount"), value: v.amount(tx.amount_cents, tx.currency) },
    { key: "trnx_type", label: f("trnx_type"), value: labels.trnxType(tx.trnx_type) },
    { key: "status", label: f("status"), value: <StatusBadge status={tx.status} /> },
    { key: "created_at", label: f("created_at"), value: v.date(tx.created_at) },
    { key: "updated_at", label: f("updated_at"), value: v.date(tx.updated_at) },
    { key: "order_id", label: f("order_id"), value: tx.order_id },
    { key: "origin", label: f("origin"), value: labels.origin(tx.origin) },
    { key: "channel", label: f("channel"), value: labels.code("channels", tx.channel) },
    { key: "other_references", label: f("other_references"), value: v.ltr(tx.other_references) },
    { key: "merchant_txn_ref", label: f("merchant_txn_ref"), value: v.ltr(tx.merchant_txn_ref) },
    { key: "integration_id", label: f("integration_id"), value: tx.integration_id },
    { key: "created_by", label: f("created_by"), value: tx.created_by },
    { key: "tip_amount", label: f("tip_amount"), value: v.amount(tx.tip_amount_cents, tx.currency) },
    {
      key: "captured_amount",
      label: f("captured_amount"),
      value: v.amount(tx.captured_amount_cents, tx.currency),
    },
    {
      key: "refunded_amount",
      label: f("refunded_amount"),
      value: v.amount(tx.refunded_amount_cents, tx.currency),
    },
    {
      key: "converted_amount",
      label: f("converted_amount"),
      value: v.amount(tx.converted_amount_cents, tx.currency),
    },
    { key: "fees_cents", label: f("fees_cents"), value: v.cents(tx.fees_cents) },
    { key: "vat_cents", label: f("vat_cents"), value: v.cents(tx.vat_cents) },
    { key: "commission_cents", label: f("commission_cents"), value: v.cents(tx.commission_cents) },
    { key: "routing_bank", label: f("routing_bank"), value: tx.routing_bank },
    { key: "card_holder_bank", label: f("card_holder_bank"), value: tx.card_holder_bank },
    { key: "card_type", label: f("card_type"), value: labels.code("cardTypes", tx.card_type) },
    { key: "card_sub_type", label: f("card_sub_type"), value: labels.code("schemes", tx.card_sub_type) },
    { key: "issuing_country", label: f("issuing_country"), value: tx.issuing_country },
    { key: "scheme", label: f("scheme"), value: labels.code("schemes", tx.scheme) },
    { key: "card_number", label: f("card_number"), value: v.ltr(tx.card_number) },
    { key: "wallet_msisdn", label: f("wallet_msisdn"), value: v.ltr(tx.wallet_msisdn) },
    { key: "merchant_staff_tag", label: f("merchant_staff_tag"), value: tx.merchant_staff_tag },
    {
      key: "original_amount",
      label: f("original_amount"),
      value: v.amount(tx.original_amount_cents, tx.currency),
    },
    {
      key: "discounted_amount",
      label: f("discounted_amount"),
      value: v.amount(tx.discounted_amount_cents, tx.currency),
    },
    {
      key: "amount_after_discount",
      label: f("amount_after_discount"),
      value: v.amount(tx.amount_after_discount_cents, tx.currency),
    },
    { key: "exchange_rate", label: f("exchange_rate"), value: tx.exchange_rate },
    { key: "margin_rate", label: f("margin_rate"), value: tx.margin_rate },
    { key: "currency", label: f("currency"), value: tx.currency },
    { key: "order_amount", label: f("order_amount"), value: v.amount(tx.order_amount_cents, tx.currency) },
    {
      key: "convenience_fee",
      label: f("convenience_fee"),
      value: v.amount(tx.convenience_fee_cents, tx.currency),
    },
    ...(
      [
        "is_voided",
        "is_refunded",
        "is_captured",
        "is_auth",
        "is_3d_secure",
        "is_standalone",
        "is_installment",
        "is_discounted",
        "is_split_paid",
        "is_live",
        "pending",
        "success",
      ] as const
    ).map((key) => ({ key, label: f(key), value: v.yesNo(tx[key]) })),
  ];

  const sections: ReactNode[] = [
    <Section key="transaction" value="transaction" title={t("transactions.details.sections.transaction")}>
      <Text size="xs" c="dimmed" mb="xs">
        {t("transactions.details.centsNote")}
      </Text>
      <DetailGrid items={txItems} testId="tx-fields" />
    </Section>,
    <Section key="order" value="order" title={t("transactions.details.sections.order")}>
      {d.order ? (
        <DetailGrid
          items={[
            { key: "order_id", label: f("order_id"), value: d.order.id },
            { key: "merchant_order_id", label: f("merchant_order_id"), value: d.order.merchant_order_id },
            {
              key: "order_amount",
              label: f("order_amount"),
              value: v.amount(d.order.amount_cents, d.order.currency),
            },
            {
              key: "paid_amount",
              label: f("paid_amount"),
              value: v.amount(d.order.paid_amount_cents, d.order.currency),
            },
            { key: "status", label: f("status"), value: t(`orders.status.${d.order.status}`) },
            { key: "created_at", label: f("created_at"), value: v.date(d.order.created_at) },
            { key: "created_by", label: f("created_by"), value: d.order.created_by },
            { key: "source", label: f("source"), value: d.order.source && labels.origin(d.order.source) },
            { key: "delivery_needed", label: f("delivery_needed"), value: v.yesNo(d.order.delivery_needed) },
            { key: "collector", label: f("collector"), value: d.order.collector },
          ]}
        />
      ) : (
        <Text c="dimmed">{t("transactions.details.none")}</Text>
      )}
    </Section>,
    <Section key="shipping" value="shipping" title={t("transactions.details.sections.shipping")}>
      {d.shipping && Object.keys(d.shipping).length ? (
        <DetailGrid items={recordItems(d.shipping, keyLabel)} />
      ) : (
        <Text c="dimmed">{t("transactions.details.none")}</Text>
      )}
    </Section>,
    <Section key="billing" value="billing" title={t("transactions.details.sections.billing")}>
      {d.billing && Object.keys(d.billing).length ? (
        <DetailGrid items={recordItems(d.billing, keyLabel)} />
      ) : (
        <Text c="dimmed">{t("transactions.details.none")}</Text>
      )}
    </Section>,
    ...Object.entries(d.financing).map(([key, block]) => {
      const titleKey = `transactions.details.financing.${key}`;
      return (
        <Section
          key={`financing-${key}`}
          value={`financing-${key}`}
          title={i18n.exists(titleKey) ? t(titleKey as "transactions.details.financing.valu") : key}
        >
          <DetailGrid items={recordItems(block, keyLabel)} />
        </Section>
      );
    }),
    <Section key="parent" value="parent" title={t("transactions.details.sections.parent")}>
      {d.parent ? (
        <DetailGrid
          items={[
            {
              key: "id",
              label: f("id"),
              value: (
                <AnchorLink to="/{-$lang}/transactions/$id" params={{ lang, id: String(d.parent.id) }}>
                  {d.parent.id}
                </AnchorLink>
              ),
            },
            { key: "amount", label: f("amount"), value: v.amount(d.parent.amount_cents, tx.currency) },
            { key: "created_at", label: f("created_at"), value: v.date(d.parent.created_at) },
            { key: "origin", label: f("origin"), value: labels.origin(d.parent.origin) },
            { key: "integration_id", label: f("integration_id"), value: d.parent.integration_id },
            {
              key: "refunded_amount",
              label: f("refunded_amount"),
              value: v.amount(d.parent.refunded_amount_cents, tx.currency),
            },
            ...(
              [
                "is_3d_secure",
                "pending",
                "is_refunded",
                "is_auth",
                "is_capture",
                "is_voided",
                "is_standalone",
              ] as const
            ).map((key) => ({ key, label: f(key), value: v.yesNo(d.parent?.[key] ?? false) })),
          ]}
        />
      ) : (
        <Text c="dimmed">{t("transactions.details.none")}</Text>
      )}
    </Section>,
    <Section key="error" value="error" title={t("transactions.details.sections.error")}>
      <DetailGrid
        items={[
          {
            key: "failure_reason",
            label: f("failure_reason"),
            value: labels.code("messages", d.error.failure_reason),
          },
          {
            key: "txn_response_code",
            label: f("txn_response_code"),
            // A known code (APPROVED, DECLINED, ...) in words; any other as written, left to right.
            value:
              labels.code("responseCodes", d.error.txn_response_code) === d.error.txn_response_code
                ? v.ltr(d.error.txn_response_code)
                : labels.code("responseCodes", d.error.txn_response_code),
          },
          {
            key: "acq_response_code",
            label: f("acq_response_code"),
            value: v.ltr(d.error.acq_response_code),
          },
          { key: "message", label: f("message"), value: labels.code("messages", d.error.message) },
        ]}
      />
    </Section>,
    <Section key="callbacks" value="callbacks" title={t("transactions.details.sections.callbacks")}>
      <CallbackLog callbacks={d.callbacks} />
    </Section>,
  ];

  return (
    <Stack gap="lg" data-testid="tx-details" data-tx-id={tx.id}>
      <PageTitle title={t("transactions.details.title", { id: tx.id })}>
        <DataModeBadge isLive={tx.is_live} />
      </PageTitle>
      <Group justify="space-between" wrap="wrap">
        <AnchorLink to="/{-$lang}/transactions" params={{ lang }} data-testid="tx-back">
          {t("transactions.details.back")}
        </AnchorLink>
        <Group gap="xs">
          <Text fw={700} size="lg" data-testid="tx-amount">
            {money(tx.amount_cents, tx.currency, lang)}
          </Text>
          <StatusBadge status={tx.status} />
          {tx.is_refunded ? <Badge variant="outline">{f("is_refunded")}</Badge> : null}
          {tx.is_voided ? <Badge variant="outline">{f("is_voided")}</Badge> : null}
          {tx.is_captured ? <Badge variant="outline">{f("is_captured")}</Badge> : null}
        </Group>
      </Group>
      {view === "merchant" ? (
        <ActionsBar
          details={d}
          lang={lang}
          merchantView={view === "merchant"}
          permNames={session.permNames}
          partner={session.type === "Partner"}
        />
      ) : null}
      <Accordion
        multiple
        variant="separated"
        defaultValue={["transaction", "order", "error"]}
        chevronPosition="right"
      >
        {sections}
      </Accordion>
    </Stack>
  );
}

function CallbackLog({ callbacks }: { callbacks: Details["callbacks"] }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const labels = useLabels();
  if (!callbacks.length) return <Text c="dimmed">{t("transactions.details.callbacks.empty")}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="callback-log" aria-label={t("transactions.details.sections.callbacks")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("transactions.details.callbacks.attempt")}</Table.Th>
            <Table.Th>{t("transactions.details.callbacks.kind")}</Table.Th>
            <Table.Th>{t("transactions.details.callbacks.when")}</Table.Th>
            <Table.Th>{t("transactions.details.callbacks.url")}</Table.Th>
            <Table.Th>{t("transactions.details.callbacks.result")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {callbacks.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.attempt}</Table.Td>
              <Table.Td>{labels.code("callbackKinds", c.kind)}</Table.Td>
              <Table.Td>{dateTime(c.attempted_at)}</Table.Td>
              <Table.Td>
                <bdi dir="ltr">{c.url}</bdi>
              </Table.Td>
              <Table.Td>
                <Badge color={c.success ? "teal.9" : "red.9"} variant="outline">
                  {c.success
                    ? t("transactions.details.callbacks.delivered")
                    : t("transactions.details.callbacks.failed")}
                  {c.status_code ? ` (${c.status_code})` : ""}
                </Badge>
                {c.error ? (
                  <Text size="xs" c="dimmed">
                    {c.error}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface ActionsProps {
  details: Details;
  lang: Lang;
  merchantView: boolean;
  permNames: string[];
  partner: boolean;
}

/**
 * Delete, Void, Refund, Capture, Receipt and Resend callback. A button is hidden when the user lacks the
 * permission, and disabled when the transaction's state does not allow the action (the server's `actions`).
 */
function ActionsBar({ details, lang, merchantView, permNames, partner }: ActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tx = details.transaction;
  const a = details.actions;
  const ops = useTransactionActions(tx.id);
  const providerMaximum =
    typeof details.financing.valu?.financed_amount === "number"
      ? details.financing.valu.financed_amount
      : null;
  const outcome = useActionOutcome(tx, lang, providerMaximum);
  const has = (name: string) => partner || permNames.includes(name);
  const [delOpen, del] = useDisclosure(false);
  const [voidOpen, voidD] = useDisclosure(false);
  const [refundOpen, refund] = useDisclosure(false);
  const [captureOpen, capture] = useDisclosure(false);
  const [resendOpen, resend] = useDisclosure(false);
  const sendOtp = async () => {
    try {
      await ops.sendOtp.mutateAsync();
      toast.info(t("transactions.actions.otpSent"));
    } catch (err) {
      const status = isApiError(err) ? err.status : 0;
      toast.error(
        t(
          `transactions.messages.${failureMessage("refund", status, isApiError(err) ? err.code : "otp_send_fail")}`,
        ),
      );
    }
  };

  /** An action the user may take: hidden without its permission, disabled (with why) when the state refuses it. */
  const action = (
    key: "refund" | "capture" | "void" | "delete",
    allowed: boolean,
    onClick: () => void,
    style: { variant?: "default" | "outline"; color?: string } = {},
  ) =>
    merchantView && has(`can ${key} transactions`) ? (
      <Button
        {...style}
        onClick={onClick}
        disabled={!allowed}
        title={allowed ? undefined : t("transactions.actions.notAllowed")}
        data-testid={`action-${key}`}
      >
        {t(`transactions.actions.${key}`)}
      </Button>
    ) : null;
  return (
    <Group gap="xs" data-testid="tx-actions" role="group" aria-label={t("transactions.actions.title")}>
      {action("refund", a.can_refund, refund.open)}
      {action("capture", a.can_capture, capture.open)}
      {action("void", a.can_void, voidD.open, { variant: "default" })}
      {merchantView ? (
        <ButtonLink
          variant="default"
          to="/{-$lang}/transactions/$id/receipt"
          params={{ lang, id: String(tx.id) }}
          data-testid="action-receipt"
        >
          {t("transactions.actions.receipt")}
        </ButtonLink>
      ) : null}
      {merchantView ? (
        <Button variant="default" onClick={resend.open} data-testid="action-resend">
          {t("transactions.actions.resend")}
        </Button>
      ) : null}
      {action("delete", a.can_delete, del.open, { variant: "outline", color: "red.9" })}

      <RefundModal
        opened={refundOpen}
        onClose={refund.close}
        tx={tx}
        lang={lang}
        loading={ops.refund.isPending}
        remaining={a.max_refund_cents}
        needsOtp={a.refund_needs_otp}
        providerMaximum={providerMaximum}
        onSubmit={(body) => outcome("refund", () => ops.refund.mutateAsync(body))}
        onSendOtp={sendOtp}
        sendingOtp={ops.sendOtp.isPending}
      />
      {captureOpen ? (
        <CaptureModal
          opened={captureOpen}
          onClose={capture.close}
          tx={tx}
          lang={lang}
          loading={ops.capture.isPending}
          maximum={a.max_capture_cents}
          onSubmit={(body) => outcome("capture", () => ops.capture.mutateAsync(body))}
        />
      ) : null}
      <ConfirmModal
        opened={voidOpen}
        onClose={voidD.close}
        title={t("transactions.actions.voidTitle")}
        body={t("transactions.actions.voidBody", {
          id: tx.id,
          amount: money(tx.amount_cents, tx.currency, lang),
        })}
        confirmLabel={t("transactions.actions.void")}
        danger
        loading={ops.void.isPending}
        onConfirm={() => void outcome("void", () => ops.void.mutateAsync()).then((ok) => ok && voidD.close())}
        testId="void-modal"
      />
      <ConfirmModal
        opened={delOpen}
        onClose={del.close}
        title={t("transactions.actions.deleteTitle")}
        body={t("transactions.actions.deleteBody", { id: tx.id })}
        confirmLabel={t("transactions.actions.delete")}
        danger
        loading={ops.remove.isPending}
        onConfirm={() =>
          void outcome("delete", () => ops.remove.mutateAsync()).then((ok) => {
            if (!ok) return;
            del.close();
            void navigate({ to: "/{-$lang}/transactions", params: { lang } });
          })
        }
        testId="delete-modal"
      />
      <ConfirmModal
        opened={resendOpen}
        onClose={resend.close}
        title={t("transactions.actions.resendTitle")}
        body={t("transactions.actions.resendBody", { id: tx.id })}
        confirmLabel={t("transactions.actions.confirm")}
        loading={ops.resend.isPending}
        onConfirm={() =>
          void outcome("resend", () => ops.resend.mutateAsync()).then((ok) => ok && resend.close())
        }
        testId="resend-modal"
      />
    </Group>
  );
}
