import {
  Accordion,
  Alert,
  Anchor,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import {
  canProductTransition,
  MERCHANT_FEE_PLANS,
  MERCHANT_PRODUCTS,
  type MerchantDetails,
  type MerchantProduct,
  PRODUCT_PERMISSIONS,
} from "@portal/domain/api/merchants";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { documentUrl, sheetUrl, useMerchantActions, useMerchantDetails } from "../../api/merchants.api.ts";
import { messageOf } from "../../api/reportError.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DetailGrid, type DetailItem } from "../../components/DetailGrid.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { QrCode } from "../../components/QrCode.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { MerchantStatusBadge, ProductApprovalBadge, SuspiciousBadge } from "./MerchantBadges.tsx";
import { type MerchantDialog, MerchantDialogs } from "./MerchantDialogs.tsx";

/**
 * Merchant details (back-office.md section 2): the merchant's collapsible sections, its documents (view,
 * download), approvals, comments, keys, branches and business owners, and the bank staff's actions. The server
 * decides what is allowed (details.allowed and the role's permissions); the buttons follow it.
 */
export default function MerchantDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams({ strict: false }) as { id: string };
  const merchantId = Number(id);
  const query = useMerchantDetails(merchantId);
  if (query.isPending)
    return (
      <Stack data-testid="merchant-details-loading">
        <Skeleton height={40} />
        <Skeleton height={200} />
      </Stack>
    );
  if (query.isError || !query.data)
    return (
      <Alert color="red" role="alert" data-testid="merchant-details-error">
        {t("transactions.table.errorBody")}{" "}
        <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
          {t("transactions.table.retry")}
        </Button>
      </Alert>
    );
  return <Details details={query.data} />;
}

function Details({ details }: { details: MerchantDetails }) {
  const { t } = useTranslation();
  const { lang, session } = useDashboard();
  const { dateTime, date } = useDateFormat();
  const m = details.merchant;
  const actions = useMerchantActions(m.id);
  const [dialog, setDialog] = useState<MerchantDialog | null>(null);
  const [confirm, setConfirm] = useState<"docs" | "notSuspicious" | "cardApprove" | "qrApprove" | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const can = (p: string) => session.permNames.includes(p);
  const review = can("can review merchants");
  const fraud = can("can flag suspicious merchants");
  const products = MERCHANT_PRODUCTS.filter((p) => can(PRODUCT_PERMISSIONS[p]));
  const productStatus = (p: MerchantProduct) =>
    p === "card" ? m.card_approval_status : m.qr_approval_status;
  const allowed = new Set(details.allowed);
  const yesNo = (v: boolean) => (v ? t("merchants.yes") : t("merchants.no"));
  const reason = (kind: "rejection" | "cib" | "suspicion", key: string | null) =>
    key ? t(`merchants.reasons.${kind}.${key}`, { defaultValue: key }) : null;
  const fee = MERCHANT_FEE_PLANS.find((p) => p.id === m.fee_id);

  const identity: DetailItem[] = [
    { key: "id", label: t("merchants.columns.id"), value: m.id },
    { key: "company_name", label: t("merchants.columns.company_name"), value: m.company_name },
    { key: "username", label: t("merchants.fields.username"), value: m.username },
    { key: "email", label: t("merchants.fields.email"), value: m.email },
    { key: "phone_number", label: t("merchants.fields.phone_number"), value: m.phone_number },
    { key: "country", label: t("merchants.fields.country"), value: m.country },
    { key: "city", label: t("merchants.fields.city"), value: m.city },
    { key: "address", label: t("merchants.fields.address"), value: m.address },
    { key: "website", label: t("merchants.fields.website"), value: m.website },
    { key: "created_at", label: t("merchants.columns.created_at"), value: dateTime(m.created_at) },
    {
      key: "live_date",
      label: t("merchants.columns.live_date"),
      value: m.live_date ? date(m.live_date) : null,
    },
    { key: "is_live", label: t("merchants.columns.is_live"), value: yesNo(m.is_live) },
  ];
  const business: DetailItem[] = [
    { key: "industry", label: t("merchants.fields.industry"), value: m.industry },
    { key: "mcc", label: t("merchants.columns.mcc"), value: m.mcc },
    { key: "line_of_business", label: t("merchants.fields.line_of_business"), value: m.line_of_business },
    { key: "national_id", label: t("merchants.fields.national_id"), value: m.national_id },
    {
      key: "tax_id_card_number",
      label: t("merchants.fields.tax_id_card_number"),
      value: m.tax_id_card_number,
    },
    { key: "pos", label: t("merchants.fields.pos"), value: m.pos },
    {
      key: "successful_transactions",
      label: t("merchants.columns.successful_transactions"),
      value: m.successful_transactions,
    },
  ];
  const commercial: DetailItem[] = [
    {
      key: "commercial_registration",
      label: t("merchants.fields.commercial_registration"),
      value: m.commercial_registration,
    },
    {
      key: "commercial_registration_area",
      label: t("merchants.fields.commercial_registration_area"),
      value: m.commercial_registration_area,
    },
    {
      key: "wallet_limit_profile",
      label: t("merchants.fields.wallet_limit_profile"),
      value: m.wallet_limit_profile,
    },
    { key: "super_agent", label: t("merchants.fields.super_agent"), value: m.super_agent },
    { key: "distributor_code", label: t("merchants.fields.distributor_code"), value: m.distributor_code },
    {
      key: "distributor_branch_code",
      label: t("merchants.fields.distributor_branch_code"),
      value: m.distributor_branch_code,
    },
    {
      key: "settlment_merchant_number",
      label: t("merchants.fields.settlment_merchant_number"),
      value: m.settlment_merchant_number,
    },
    {
      key: "settlment_type",
      label: t("merchants.fields.settlment_type"),
      value: m.settlment_type ? t(`merchants.settlementTypes.${m.settlment_type}`) : null,
    },
    { key: "is_active", label: t("merchants.fields.is_active"), value: yesNo(m.is_active) },
    { key: "bank_account", label: t("merchants.fields.bank_account"), value: m.bank_account },
    {
      key: "fee_id",
      label: t("merchants.fields.fee_id"),
      value: fee ? t(`merchants.feePlans.${fee.id}`) : null,
    },
  ];
  const handling: DetailItem[] = [
    {
      key: "bank_merchant_status",
      label: t("merchants.columns.bank_merchant_status"),
      value: <MerchantStatusBadge status={m.bank_merchant_status} />,
    },
    {
      key: "digital_status",
      label: t("merchants.columns.digital_status"),
      value: <MerchantStatusBadge status={m.digital_status} digital />,
    },
    {
      key: "suspicious",
      label: t("merchants.columns.suspicious"),
      value: <SuspiciousBadge value={m.suspicious} />,
    },
    {
      key: "card_approval_status",
      label: t("merchants.columns.card_approval_status"),
      value: <ProductApprovalBadge product="card" status={m.card_approval_status} />,
    },
    {
      key: "qr_approval_status",
      label: t("merchants.columns.qr_approval_status"),
      value: <ProductApprovalBadge product="qr" status={m.qr_approval_status} />,
    },
    { key: "docs_received", label: t("merchants.fields.has_bank_docs"), value: yesNo(m.docs_received) },
    {
      key: "rejection_reason",
      label: t("merchants.fields.rejection_reason"),
      value: reason("rejection", m.rejection_reason),
    },
    {
      key: "digital_rejection_reason",
      label: t("merchants.fields.digital_rejection_reason"),
      value: reason("rejection", m.digital_rejection_reason),
    },
    {
      key: "cib_rejection_reason",
      label: t("merchants.fields.cib_rejection_reason"),
      value: reason("cib", m.cib_rejection_reason),
    },
    {
      key: "suspicion_reason",
      label: t("merchants.fields.suspicion_reason"),
      value: reason("suspicion", m.suspicion_reason),
    },
    {
      key: "card_rejection_reason",
      label: t("merchants.fields.card_rejection_reason"),
      value: reason("rejection", m.card_rejection_reason),
    },
    {
      key: "qr_rejection_reason",
      label: t("merchants.fields.qr_rejection_reason"),
      value: reason("rejection", m.qr_rejection_reason),
    },
    { key: "deactivate_reason", label: t("merchants.fields.deactivate_reason"), value: m.deactivate_reason },
  ];

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      toast.success(t("merchants.actions.done"));
    } catch (err) {
      toast.error(messageOf(err));
    } finally {
      setConfirm(null);
    }
  };

  const detailsUrl = typeof window === "undefined" ? "" : window.location.href.split("?")[0]!;

  return (
    <Stack gap="lg" data-testid="merchant-details" data-status={m.bank_merchant_status}>
      <PageTitle title={t("merchants.details.title", { name: m.company_name })}>
        <Group gap="xs">
          <MerchantStatusBadge status={m.bank_merchant_status} />
          <SuspiciousBadge value={m.suspicious} />
        </Group>
      </PageTitle>

      <Paper withBorder p="md" radius="lg">
        <Group gap="xs" wrap="wrap" data-testid="merchant-actions">
          {review && allowed.has("approve") ? (
            <Button onClick={() => setDialog("approve")} data-testid="merchant-approve-open">
              {t("merchants.actions.approve")}
            </Button>
          ) : null}
          {review && allowed.has("reject") ? (
            <Button
              color="red.9"
              variant="outline"
              onClick={() => setDialog("reject")}
              data-testid="merchant-reject-open"
            >
              {t("merchants.actions.reject")}
            </Button>
          ) : null}
          {review && !m.deactivated ? (
            <Button
              variant="default"
              onClick={() => setConfirm("docs")}
              data-testid={m.docs_received ? "merchant-docs-not-received" : "merchant-docs-received"}
            >
              {m.docs_received ? t("merchants.actions.docsNotReceived") : t("merchants.actions.docsReceived")}
            </Button>
          ) : null}
          {fraud ? (
            m.suspicious === "yes" ? (
              <Button
                variant="default"
                onClick={() => setConfirm("notSuspicious")}
                data-testid="merchant-not-suspicious"
              >
                {t("merchants.actions.notSuspicious")}
              </Button>
            ) : (
              <Button
                variant="outline"
                color="red.9"
                onClick={() => setDialog("suspicious")}
                data-testid="merchant-suspicious-open"
              >
                {t("merchants.actions.suspicious")}
              </Button>
            )
          ) : null}
          {products.flatMap((p) => [
            canProductTransition(m, productStatus(p), "approve") ? (
              <Button
                key={`${p}-approve`}
                variant="outline"
                onClick={() => setConfirm(p === "card" ? "cardApprove" : "qrApprove")}
                data-testid={`merchant-${p}-approve-open`}
              >
                {p === "card" ? t("merchants.actions.cardApprove") : t("merchants.actions.qrApprove")}
              </Button>
            ) : null,
            canProductTransition(m, productStatus(p), "reject") ? (
              <Button
                key={`${p}-reject`}
                variant="outline"
                color="red.9"
                onClick={() => setDialog(p === "card" ? "cardReject" : "qrReject")}
                data-testid={`merchant-${p}-reject-open`}
              >
                {p === "card" ? t("merchants.actions.cardReject") : t("merchants.actions.qrReject")}
              </Button>
            ) : null,
          ])}
          {review && allowed.has("deactivate") ? (
            <Button
              color="red.9"
              variant="outline"
              onClick={() => setDialog("deactivate")}
              data-testid="merchant-deactivate-open"
            >
              {t("merchants.actions.deactivate")}
            </Button>
          ) : null}
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" data-testid="merchant-more">
                {t("merchants.actions.more")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {review ? (
                <>
                  <Menu.Item onClick={() => setDialog("edit")}>{t("merchants.actions.edit")}</Menu.Item>
                  <Menu.Item onClick={() => setDialog("bankAccount")}>
                    {t("merchants.actions.bankAccount")}
                  </Menu.Item>
                  <Menu.Item onClick={() => setDialog("fee")}>{t("merchants.actions.fee")}</Menu.Item>
                </>
              ) : null}
              <Menu.Item onClick={() => setDialog("fullEdit")} data-testid="merchant-full-edit-open">
                {t("merchants.actions.fullEdit")}
              </Menu.Item>
              <Menu.Item component="a" href={sheetUrl(m.id)} download data-testid="merchant-sheet">
                {t("merchants.actions.sheet")}
              </Menu.Item>
              <Menu.Item onClick={() => setQrOpen(true)}>{t("merchants.actions.qr")}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <ButtonLink
            variant="light"
            to="/{-$lang}/transactions"
            params={{ lang }}
            search={{ merchant_id: String(m.id) }}
            data-testid="merchant-show-transactions"
          >
            {t("merchants.actions.showTransactions")}
          </ButtonLink>
        </Group>
      </Paper>

      <Accordion
        multiple
        defaultValue={["identity", "handling", "documents", "comments"]}
        variant="separated"
      >
        <Section value="identity" title={t("merchants.sections.identity")}>
          <DetailGrid items={identity} testId="merchant-identity" />
        </Section>
        <Section value="business" title={t("merchants.sections.business")}>
          <DetailGrid items={business} />
        </Section>
        <Section value="commercial" title={t("merchants.sections.commercial")}>
          <DetailGrid items={commercial} />
        </Section>
        <Section value="handling" title={t("merchants.sections.handling")}>
          <DetailGrid items={handling} testId="merchant-handling" />
        </Section>
        <Section value="keys" title={t("merchants.sections.keys")}>
          {details.keys.length === 0 ? (
            <Text c="dimmed">{t("merchants.details.noKeys")}</Text>
          ) : (
            <Table striped aria-label={t("merchants.sections.keys")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("merchants.keys.kind")}</Table.Th>
                  <Table.Th>{t("merchants.keys.mode")}</Table.Th>
                  <Table.Th>{t("merchants.keys.value")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {details.keys.map((k) => (
                  <Table.Tr key={`${k.kind}-${k.is_live}`}>
                    <Table.Td>{t(`merchants.keys.${k.kind}`)}</Table.Td>
                    <Table.Td>{k.is_live ? t("merchants.keys.live") : t("merchants.keys.test")}</Table.Td>
                    <Table.Td dir="ltr" style={{ overflowWrap: "anywhere" }}>
                      {k.value}
                      {k.masked ? (
                        <Text size="xs" c="dimmed">
                          {t("merchants.keys.maskedHint")}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
        <Section value="branches" title={t("merchants.sections.branches")}>
          {details.branches.length === 0 ? (
            <Text c="dimmed">{t("merchants.details.noBranches")}</Text>
          ) : (
            <Table striped aria-label={t("merchants.sections.branches")} data-testid="merchant-branches">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("merchants.fields.branch_name")}</Table.Th>
                  <Table.Th>{t("merchants.fields.branch_id")}</Table.Th>
                  <Table.Th>{t("merchants.fields.no_of_terminals")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {details.branches.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>{b.branch_name}</Table.Td>
                    <Table.Td>{b.branch_id}</Table.Td>
                    <Table.Td>{b.no_of_terminals}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
        <Section value="owners" title={t("merchants.sections.owners")}>
          {details.owners.length === 0 ? (
            <Text c="dimmed">{t("merchants.details.noOwners")}</Text>
          ) : (
            details.owners.map((o, i) => (
              <DetailGrid
                // biome-ignore lint/suspicious/noArrayIndexKey: owners have no id of their own
                key={i}
                items={[
                  {
                    key: "signatory_name",
                    label: t("merchants.fields.signatory_name"),
                    value: o.signatory_name,
                  },
                  {
                    key: "signatory_position",
                    label: t("merchants.fields.signatory_position"),
                    value: o.signatory_position,
                  },
                  {
                    key: "owner_national_id",
                    label: t("merchants.fields.national_id"),
                    value: o.national_id,
                  },
                  {
                    key: "passport_id_doc",
                    label: t("merchants.fields.passport_id_doc"),
                    value: o.passport_id_doc,
                  },
                ]}
              />
            ))
          )}
        </Section>
        <Section value="documents" title={t("merchants.sections.documents")}>
          {details.documents.length === 0 ? (
            <Text c="dimmed">{t("merchants.details.noDocuments")}</Text>
          ) : (
            <Table striped aria-label={t("merchants.sections.documents")} data-testid="merchant-documents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("merchants.documents.kind")}</Table.Th>
                  <Table.Th>{t("merchants.documents.file")}</Table.Th>
                  <Table.Th>{t("merchants.documents.uploaded")}</Table.Th>
                  <Table.Th>{t("merchants.documents.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {details.documents.map((d) => (
                  <Table.Tr key={d.id} data-testid="merchant-document">
                    <Table.Td>{t(`merchants.documents.kinds.${d.kind}`)}</Table.Td>
                    <Table.Td dir="ltr">{d.file_name}</Table.Td>
                    <Table.Td>{dateTime(d.created_at)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Anchor
                          href={documentUrl(m.id, d.id)}
                          target="_blank"
                          rel="noopener"
                          data-testid="merchant-document-view"
                          aria-label={t("merchants.documents.viewNamed", {
                            name: t(`merchants.documents.kinds.${d.kind}`),
                          })}
                        >
                          {t("merchants.documents.view")}
                        </Anchor>
                        <Anchor
                          href={documentUrl(m.id, d.id, true)}
                          download
                          aria-label={t("merchants.documents.downloadNamed", {
                            name: t(`merchants.documents.kinds.${d.kind}`),
                          })}
                        >
                          {t("merchants.documents.download")}
                        </Anchor>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
        <Section value="approvals" title={t("merchants.sections.approvals")}>
          {details.approvals.length === 0 ? (
            <Text c="dimmed">{t("merchants.details.noApprovals")}</Text>
          ) : (
            <Table striped aria-label={t("merchants.sections.approvals")} data-testid="merchant-approvals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("merchants.approvals.action")}</Table.Th>
                  <Table.Th>{t("merchants.approvals.by")}</Table.Th>
                  <Table.Th>{t("merchants.approvals.at")}</Table.Th>
                  <Table.Th>{t("merchants.approvals.reason")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {details.approvals.map((a) => (
                  <Table.Tr key={a.id} data-action={a.action}>
                    <Table.Td>{t(`merchants.audit.${a.action}`)}</Table.Td>
                    <Table.Td>{a.user.username ?? "—"}</Table.Td>
                    <Table.Td>{dateTime(a.created_at)}</Table.Td>
                    <Table.Td>
                      {a.reason
                        ? (reason(
                            "rejection",
                            a.action === "rejected" ||
                              a.action === "digital_status" ||
                              a.action === "card_rejected" ||
                              a.action === "qr_rejected"
                              ? a.reason
                              : null,
                          ) ??
                          reason("suspicion", a.action === "suspicious" ? a.reason : null) ??
                          a.reason)
                        : "—"}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
        <Section value="comments" title={t("merchants.sections.comments")}>
          <Comments details={details} actions={actions} canComment={review} />
        </Section>
      </Accordion>

      <MerchantDialogs open={dialog} onClose={() => setDialog(null)} details={details} actions={actions} />
      <ConfirmModal
        opened={confirm === "docs"}
        onClose={() => setConfirm(null)}
        title={m.docs_received ? t("merchants.actions.docsNotReceived") : t("merchants.actions.docsReceived")}
        body={m.docs_received ? t("merchants.confirm.docsNotReceived") : t("merchants.confirm.docsReceived")}
        confirmLabel={t("merchants.actions.confirm")}
        loading={actions.documents.isPending}
        onConfirm={() => void run(() => actions.documents.mutateAsync({ received: !m.docs_received }))}
        testId="merchant-docs-confirm"
      />
      <ConfirmModal
        opened={confirm === "notSuspicious"}
        onClose={() => setConfirm(null)}
        title={t("merchants.actions.notSuspicious")}
        body={t("merchants.confirm.notSuspicious")}
        confirmLabel={t("merchants.actions.confirm")}
        loading={actions.suspicious.isPending}
        onConfirm={() => void run(() => actions.suspicious.mutateAsync({ suspicious: false }))}
        testId="merchant-not-suspicious-confirm"
      />
      {(["card", "qr"] as const).map((p) => (
        <ConfirmModal
          key={p}
          opened={confirm === `${p}Approve`}
          onClose={() => setConfirm(null)}
          title={p === "card" ? t("merchants.actions.cardApprove") : t("merchants.actions.qrApprove")}
          body={p === "card" ? t("merchants.confirm.cardApprove") : t("merchants.confirm.qrApprove")}
          confirmLabel={t("merchants.actions.confirm")}
          loading={(p === "card" ? actions.cardApproval : actions.qrApproval).isPending}
          onConfirm={() =>
            void run(() =>
              (p === "card" ? actions.cardApproval : actions.qrApproval).mutateAsync({ status: "approved" }),
            )
          }
          testId={`merchant-${p}-approve-confirm`}
        />
      ))}
      <Modal
        opened={qrOpen}
        onClose={() => setQrOpen(false)}
        title={t("merchants.actions.qr")}
        closeButtonProps={{ "aria-label": t("transactions.actions.close") }}
      >
        <Stack align="center">
          <QrCode
            url={detailsUrl}
            label={t("merchants.qrLabel", { name: m.company_name })}
            fileName={`merchant-${m.id}`}
          />
          <Text size="sm" c="dimmed" ta="center">
            {t("merchants.qrHint")}
          </Text>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Section({ value, title, children }: { value: string; title: string; children: React.ReactNode }) {
  return (
    <Accordion.Item value={value} data-testid={`merchant-section-${value}`}>
      <Accordion.Control>
        <Title order={2} size="h5">
          {title}
        </Title>
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

function Comments({
  details,
  actions,
  canComment,
}: {
  details: MerchantDetails;
  actions: ReturnType<typeof useMerchantActions>;
  canComment: boolean;
}) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!content.trim()) {
      setError(t("merchants.validation.required"));
      return;
    }
    setError(null);
    try {
      await actions.comment.mutateAsync({ content: content.trim() });
      setContent("");
      toast.success(t("merchants.comments.added"));
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <Stack data-testid="merchant-comments">
      {details.comments.length === 0 ? (
        <Text c="dimmed" data-testid="merchant-comments-empty">
          {t("merchants.comments.empty")}
        </Text>
      ) : (
        details.comments.map((c) => (
          <Paper key={c.id} withBorder p="sm" data-testid="merchant-comment">
            <Text size="xs" c="dimmed">
              {c.user.username ?? "—"} · {dateTime(c.created_at)}
            </Text>
            <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{c.content}</Text>
          </Paper>
        ))
      )}
      {canComment ? (
        <Stack gap="xs">
          <Textarea
            label={t("merchants.comments.label")}
            value={content}
            maxLength={500}
            onChange={(e) => setContent(e.currentTarget.value)}
            error={error ?? undefined}
            data-testid="merchant-comment-input"
          />
          <Group justify="flex-end">
            <Button
              onClick={() => void submit()}
              loading={actions.comment.isPending}
              data-testid="merchant-comment-submit"
            >
              {t("merchants.comments.add")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
