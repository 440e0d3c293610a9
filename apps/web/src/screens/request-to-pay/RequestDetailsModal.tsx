import { Anchor, Button, Group, Modal, Skeleton, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useRequestToPay, useRequestToPayAction } from "../../api/request-to-pay.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { RequestStateBadge } from "./RequestStateBadge.tsx";
import { useRequestRights } from "./rights.ts";

type FieldKey =
  | "mob_num"
  | "bill_num"
  | "store_id"
  | "loyal_num"
  | "ref_num"
  | "cons_id"
  | "term_id"
  | "purpose"
  | "tip_type"
  | "tip_value"
  | "merchant_order_id"
  | "tip_paid"
  | "paid_amount"
  | "transaction"
  | "created_at"
  | "created_by"
  | "sent_at"
  | "paid_at"
  | "expires_at";

/**
 * One request to pay: every field, its tip, the customer page link, the paid transaction with its tip, and send,
 * edit and cancel (after a confirmation) while it is created or sent.
 */
export function RequestDetailsModal(props: {
  id: number;
  onClose: () => void;
  onEdit: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const rights = useRequestRights();
  const query = useRequestToPay(props.id);
  const send = useRequestToPayAction("send");
  const cancel = useRequestToPayAction("cancel");
  const [cancelOpen, cancelConfirm] = useDisclosure(false);
  const r = query.data;
  const f = (key: FieldKey) => t(`requestToPay.fields.${key}`);

  const tipText = () => {
    if (!r) return null;
    if (r.tip_type === "fixed") return <bdi>{`${r.tip_value} ${r.currency}`}</bdi>;
    if (r.tip_type === "percentage") return `${r.tip_value}%`;
    return null;
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t("requestToPay.details.title", { id: props.id })}
      size="xl"
      closeButtonProps={{ "aria-label": t("requestToPay.details.close") }}
      data-testid="request-details"
    >
      {query.isLoading ? (
        <Skeleton h={240} />
      ) : query.isError || !r ? (
        <DetailsError
          title={t("requestToPay.details.loadError")}
          testId="request-details-error"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack>
          <Group justify="space-between" align="flex-start">
            <Text fw={600} size="lg">
              {money(r.amount_cents, r.currency, lang)}
            </Text>
            <RequestStateBadge state={r.state} />
          </Group>
          <DetailGrid
            testId="request-fields"
            items={[
              { key: "mob_num", label: f("mob_num"), value: <bdi>{r.mob_num}</bdi> },
              { key: "bill_num", label: f("bill_num"), value: r.bill_num },
              { key: "store_id", label: f("store_id"), value: r.store_id },
              { key: "loyal_num", label: f("loyal_num"), value: r.loyal_num },
              { key: "ref_num", label: f("ref_num"), value: r.ref_num },
              { key: "cons_id", label: f("cons_id"), value: r.cons_id },
              { key: "term_id", label: f("term_id"), value: r.term_id },
              { key: "purpose", label: f("purpose"), value: r.purpose },
              { key: "tip_type", label: f("tip_type"), value: t(`requestToPay.tipTypes.${r.tip_type}`) },
              { key: "tip_value", label: f("tip_value"), value: tipText() },
              { key: "merchant_order_id", label: f("merchant_order_id"), value: r.merchant_order_id },
              {
                key: "tip_cents",
                label: f("tip_paid"),
                value: r.tip_cents === null ? null : money(r.tip_cents, r.currency, lang),
              },
              {
                key: "paid_amount",
                label: f("paid_amount"),
                value: r.paid_amount_cents === null ? null : money(r.paid_amount_cents, r.currency, lang),
              },
              {
                key: "transaction",
                label: f("transaction"),
                value:
                  r.transaction_id === null ? null : (
                    <AnchorLink
                      to="/{-$lang}/transactions/$id"
                      params={{ lang, id: String(r.transaction_id) }}
                      data-testid="request-transaction"
                    >
                      {r.transaction_id}
                    </AnchorLink>
                  ),
              },
              { key: "created_at", label: f("created_at"), value: dateTime(r.created_at) },
              { key: "created_by", label: f("created_by"), value: r.created_by },
              { key: "sent_at", label: f("sent_at"), value: r.sent_at ? dateTime(r.sent_at) : null },
              { key: "paid_at", label: f("paid_at"), value: r.paid_at ? dateTime(r.paid_at) : null },
              { key: "expires_at", label: f("expires_at"), value: dateTime(r.expires_at) },
            ]}
          />
          <Anchor
            href={r.link_url}
            target="_blank"
            rel="noreferrer"
            style={{ overflowWrap: "anywhere" }}
            data-testid="request-link"
          >
            {r.link_url}
          </Anchor>
          {rights.canCreate && r.can_edit ? (
            <Group justify="flex-end">
              <Button
                color="red.9"
                variant="default"
                onClick={cancelConfirm.open}
                data-testid="request-cancel"
              >
                {t("requestToPay.details.cancel")}
              </Button>
              <Button variant="default" onClick={() => props.onEdit(r.id)} data-testid="request-edit">
                {t("requestToPay.details.edit")}
              </Button>
              <Button
                loading={send.isPending}
                onClick={() =>
                  send.mutate(r.id, {
                    onSuccess: () => toast.success(t("requestToPay.messages.sent")),
                    onError: () => toast.error(t("requestToPay.errors.generic")),
                  })
                }
                data-testid="request-send"
              >
                {r.state === "sent" ? t("requestToPay.details.resend") : t("requestToPay.details.send")}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
      <ConfirmModal
        opened={cancelOpen}
        onClose={cancelConfirm.close}
        title={t("requestToPay.confirm.cancelTitle")}
        body={t("requestToPay.confirm.cancelBody")}
        confirmLabel={t("requestToPay.details.cancel")}
        danger
        loading={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(props.id, {
            onSuccess: () => {
              toast.success(t("requestToPay.messages.cancelled"));
              cancelConfirm.close();
            },
            onError: () => {
              toast.error(t("requestToPay.errors.generic"));
              cancelConfirm.close();
            },
          })
        }
        testId="request-cancel-confirm"
      />
    </Modal>
  );
}
