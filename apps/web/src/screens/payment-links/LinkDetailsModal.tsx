import { Anchor, Button, CopyButton, Group, Image, Modal, Skeleton, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { usePaymentLink, usePaymentLinkAction } from "../../api/payment-links.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { QrCode } from "../../components/QrCode.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { LinkStateBadge } from "./LinkStateBadge.tsx";
import { useLinkRights } from "./rights.ts";

/**
 * One payment link: its fields, the customer link with copy, the QR code with its PNG download, and cancel and
 * disable (each after a confirmation) while it is unpaid.
 */
const FIELD_KEYS = {
  reference: "paymentLinks.fields.reference",
  client: "paymentLinks.fields.client",
  email: "paymentLinks.fields.email",
  phone: "paymentLinks.fields.phone",
  methods: "paymentLinks.fields.methods",
  oneClick: "paymentLinks.fields.oneClick",
  limit: "paymentLinks.fields.limit",
  remainingAttempts: "paymentLinks.fields.remainingAttempts",
  createdAt: "paymentLinks.fields.createdAt",
  createdBy: "paymentLinks.fields.createdBy",
  expiresAt: "paymentLinks.fields.expiresAt",
  paidAt: "paymentLinks.fields.paidAt",
  order: "paymentLinks.fields.order",
  description: "paymentLinks.fields.description",
  logo: "paymentLinks.fields.logo",
  productImage: "paymentLinks.fields.productImage",
} as const;

export function LinkDetailsModal(props: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const rights = useLinkRights();
  const query = usePaymentLink(props.id);
  const cancel = usePaymentLinkAction("cancel");
  const disable = usePaymentLinkAction("disable");
  const [cancelOpen, cancelConfirm] = useDisclosure(false);
  const [disableOpen, disableConfirm] = useDisclosure(false);
  const f = (key: keyof typeof FIELD_KEYS) => t(FIELD_KEYS[key]);
  const yes = (b: boolean) => (b ? t("paymentLinks.yes") : t("paymentLinks.no"));
  const l = query.data;

  const run = (
    action: typeof cancel,
    done: "paymentLinks.messages.cancelled" | "paymentLinks.messages.disabled",
    failed: "paymentLinks.errors.cancel_failed" | "paymentLinks.errors.disable_failed",
    close: () => void,
  ) => {
    action.mutate(props.id, {
      onSuccess: () => {
        toast.success(t(done));
        close();
      },
      onError: () => {
        toast.error(t(failed));
        close();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t("paymentLinks.details.title", { id: props.id })}
      size="xl"
      closeButtonProps={{ "aria-label": t("paymentLinks.details.close") }}
      data-testid="link-details"
    >
      {query.isLoading ? (
        <Skeleton h={240} />
      ) : query.isError || !l ? (
        <DetailsError
          title={t("paymentLinks.details.loadError")}
          testId="link-details-error"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack>
          <Group justify="space-between" align="flex-start">
            <Text fw={600} size="lg">
              {money(l.amount_cents, l.currency, lang)}
            </Text>
            <LinkStateBadge state={l.state} />
          </Group>
          <DetailGrid
            testId="link-fields"
            items={[
              { key: "reference", label: f("reference"), value: l.reference },
              { key: "client", label: f("client"), value: l.client_name },
              { key: "email", label: f("email"), value: l.email },
              { key: "phone", label: f("phone"), value: l.phone_number },
              {
                key: "methods",
                label: f("methods"),
                value: l.methods.map((m) => t(`paymentLinks.methods.${m}`)).join(", "),
              },
              { key: "one_click", label: f("oneClick"), value: yes(l.one_click) },
              {
                key: "limit",
                label: f("limit"),
                value: l.use_limit === null ? t("paymentLinks.unlimited") : String(l.use_limit),
              },
              { key: "attempts", label: f("remainingAttempts"), value: String(l.remaining_attempts) },
              { key: "created_at", label: f("createdAt"), value: dateTime(l.created_at) },
              { key: "created_by", label: f("createdBy"), value: l.created_by },
              {
                key: "expires_at",
                label: f("expiresAt"),
                value: l.expires_at ? dateTime(l.expires_at) : null,
              },
              { key: "paid_at", label: f("paidAt"), value: l.paid_at ? dateTime(l.paid_at) : null },
              { key: "order", label: f("order"), value: l.order_id === null ? null : String(l.order_id) },
              { key: "description", label: f("description"), value: l.description },
            ]}
          />
          {l.logo_url || l.product_image_url ? (
            <Group>
              {l.logo_url ? <Image src={l.logo_url} alt={f("logo")} w={96} h={96} fit="contain" /> : null}
              {l.product_image_url ? (
                <Image src={l.product_image_url} alt={f("productImage")} w={96} h={96} fit="contain" />
              ) : null}
            </Group>
          ) : null}
          <Group gap="xs" wrap="nowrap" align="center">
            <Anchor
              href={l.link_url}
              target="_blank"
              rel="noreferrer"
              style={{ overflowWrap: "anywhere" }}
              data-testid="link-url"
            >
              {l.link_url}
            </Anchor>
            <CopyButton value={l.link_url}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    copy();
                    toast.success(t("paymentLinks.details.copied"));
                  }}
                  data-testid="link-copy"
                >
                  {copied ? t("paymentLinks.details.copied") : t("paymentLinks.details.copy")}
                </Button>
              )}
            </CopyButton>
          </Group>
          <QrCode
            url={l.link_url}
            label={t("paymentLinks.details.qrLabel", { id: l.id })}
            fileName={`payment-link-${l.id}`}
            testId="link-qr"
          />
          {rights.canCreate && l.state === "unpaid" ? (
            <Group justify="flex-end">
              <Button
                variant="default"
                color="red.9"
                onClick={disableConfirm.open}
                data-testid="link-disable"
              >
                {t("paymentLinks.details.disable")}
              </Button>
              <Button color="red.9" onClick={cancelConfirm.open} data-testid="link-cancel">
                {t("paymentLinks.details.cancel")}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
      <ConfirmModal
        opened={cancelOpen}
        onClose={cancelConfirm.close}
        title={t("paymentLinks.confirm.cancelTitle")}
        body={t("paymentLinks.confirm.cancelBody")}
        confirmLabel={t("paymentLinks.details.cancel")}
        danger
        loading={cancel.isPending}
        onConfirm={() =>
          run(
            cancel,
            "paymentLinks.messages.cancelled",
            "paymentLinks.errors.cancel_failed",
            cancelConfirm.close,
          )
        }
        testId="link-cancel-confirm"
      />
      <ConfirmModal
        opened={disableOpen}
        onClose={disableConfirm.close}
        title={t("paymentLinks.confirm.disableTitle")}
        body={t("paymentLinks.confirm.disableBody")}
        confirmLabel={t("paymentLinks.details.disable")}
        danger
        loading={disable.isPending}
        onConfirm={() =>
          run(
            disable,
            "paymentLinks.messages.disabled",
            "paymentLinks.errors.disable_failed",
            disableConfirm.close,
          )
        }
        testId="link-disable-confirm"
      />
    </Modal>
  );
}
