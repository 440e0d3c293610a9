import { Button, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { TransactionDetails } from "@portal/domain/api/transactions";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../api/errors.ts";
import { useTransactionActions } from "../../../api/transactions.api.ts";
import { toast } from "../../../app/toast.ts";
import { ConfirmModal } from "../../../components/ConfirmModal.tsx";
import { ButtonLink } from "../../../components/links.tsx";
import type { Lang } from "../../../i18n/language.ts";
import { money } from "../../../lib/money.ts";
import { CaptureModal, RefundModal, useActionOutcome } from "../ActionModals.tsx";
import { failureMessage } from "../actionMessages.ts";

interface ActionsProps {
  details: TransactionDetails;
  lang: Lang;
  merchantView: boolean;
  permNames: string[];
  partner: boolean;
}

/**
 * Delete, Void, Refund, Capture, Receipt and Resend callback. A button is hidden when the user lacks the
 * permission, and disabled when the transaction's state does not allow the action (the server's `actions`).
 */
export function ActionsBar({ details, lang, merchantView, permNames, partner }: ActionsProps) {
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
