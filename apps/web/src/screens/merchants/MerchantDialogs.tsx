import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  CIB_REJECTION_REASON_KEYS,
  DIGITAL_STATUSES,
  type FullEditBody,
  MERCHANT_FEE_PLANS,
  type MerchantDetails,
  REJECTION_REASON_KEYS,
  SUSPICION_REASON_KEYS,
  SUSPICIOUS_VALUES,
} from "@portal/domain/api/merchants";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import type { useMerchantActions } from "../../api/merchants.api.ts";
import { messageOf } from "../../api/reportError.ts";
import { toast } from "../../app/toast.ts";
import { fieldMessage } from "./serverMessages.ts";

export type MerchantDialog =
  | "approve"
  | "reject"
  | "deactivate"
  | "suspicious"
  | "edit"
  | "bankAccount"
  | "fee"
  | "fullEdit"
  | "cardReject"
  | "qrReject";

type Actions = ReturnType<typeof useMerchantActions>;

/** A dialog's frame: title, fields, the server's refusal shown in it, cancel and submit. */
function ActionModal(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  danger?: boolean;
  testId: string;
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setPending(true);
    try {
      await props.onSubmit();
      toast.success(t("merchants.actions.done"));
      props.onClose();
    } catch (err) {
      if (isApiError(err)) {
        // A refused field names its problem (English from the server, shown translated); any other refusal its
        // translated code.
        const first = Object.values(err.fields)[0]?.[0];
        setError(err.code === "validation" && first ? fieldMessage(t, first) : messageOf(err));
      } else setError(err instanceof Error ? err.message : messageOf(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ "aria-label": t("transactions.actions.close") }}
      data-testid={props.testId}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error ? (
            <Alert color="red" role="alert" data-testid={`${props.testId}-error`}>
              {error}
            </Alert>
          ) : null}
          {props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("transactions.actions.cancel")}
            </Button>
            <Button
              type="submit"
              color={props.danger ? "red.9" : undefined}
              loading={pending}
              data-testid={`${props.testId}-submit`}
            >
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function useReasonOptions() {
  const { t } = useTranslation();
  return {
    rejection: REJECTION_REASON_KEYS.map((k) => ({ value: k, label: t(`merchants.reasons.rejection.${k}`) })),
    cib: CIB_REJECTION_REASON_KEYS.map((k) => ({ value: k, label: t(`merchants.reasons.cib.${k}`) })),
    suspicion: SUSPICION_REASON_KEYS.map((k) => ({ value: k, label: t(`merchants.reasons.suspicion.${k}`) })),
  };
}

interface Props {
  open: MerchantDialog | null;
  onClose: () => void;
  details: MerchantDetails;
  actions: Actions;
}

/** The action dialogs of the merchant details page (back-office.md sections 2 to 5). */
export function MerchantDialogs({ open, onClose, details, actions }: Props) {
  const m = details.merchant;
  const key = `${open}-${m.id}`;
  switch (open) {
    case "approve":
      return <ApproveDialog key={key} onClose={onClose} actions={actions} />;
    case "reject":
      return <RejectDialog key={key} onClose={onClose} actions={actions} />;
    case "deactivate":
      return <DeactivateDialog key={key} onClose={onClose} actions={actions} />;
    case "suspicious":
      return <SuspiciousDialog key={key} onClose={onClose} actions={actions} />;
    case "edit":
      return <EditDialog key={key} onClose={onClose} actions={actions} details={details} />;
    case "bankAccount":
      return <BankAccountDialog key={key} onClose={onClose} actions={actions} details={details} />;
    case "fee":
      return <FeeDialog key={key} onClose={onClose} actions={actions} details={details} />;
    case "fullEdit":
      return <FullEditDialog key={key} onClose={onClose} actions={actions} details={details} />;
    case "cardReject":
      return <ProductRejectDialog key={key} product="card" onClose={onClose} actions={actions} />;
    case "qrReject":
      return <ProductRejectDialog key={key} product="qr" onClose={onClose} actions={actions} />;
    default:
      return null;
  }
}

type DialogProps = { onClose: () => void; actions: Actions; details?: MerchantDetails };

function ApproveDialog({ onClose, actions }: DialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  return (
    <ActionModal
      opened
      onClose={onClose}
      title={t("merchants.actions.approve")}
      submitLabel={t("merchants.actions.approve")}
      testId="merchant-approve"
      onSubmit={async () => {
        if (!reason.trim()) {
          setMissing(true);
          throw new Error(t("merchants.validation.required"));
        }
        await actions.approve.mutateAsync({ reason: reason.trim() });
      }}
    >
      <Textarea
        label={t("merchants.fields.reason")}
        required
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={missing && !reason.trim() ? t("merchants.validation.required") : undefined}
        data-testid="merchant-approve-reason"
      />
    </ActionModal>
  );
}

function RejectDialog({ onClose, actions }: DialogProps) {
  const { t } = useTranslation();
  const options = useReasonOptions();
  const [reason, setReason] = useState<string | null>(null);
  const [digital, setDigital] = useState<string | null>(null);
  const [cib, setCib] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  return (
    <ActionModal
      opened
      onClose={onClose}
      title={t("merchants.actions.reject")}
      submitLabel={t("merchants.actions.reject")}
      danger
      testId="merchant-reject"
      onSubmit={async () => {
        if (!reason) {
          setMissing(true);
          throw new Error(t("merchants.validation.required"));
        }
        await actions.reject.mutateAsync({
          reason: reason as (typeof REJECTION_REASON_KEYS)[number],
          ...(digital ? { digital_reason: digital as (typeof REJECTION_REASON_KEYS)[number] } : {}),
          ...(cib ? { cib_reason: cib as (typeof CIB_REJECTION_REASON_KEYS)[number] } : {}),
        });
      }}
    >
      <Select
        label={t("merchants.fields.rejection_reason")}
        data={options.rejection}
        value={reason}
        onChange={setReason}
        required
        error={missing && !reason ? t("merchants.validation.required") : undefined}
        data-testid="merchant-reject-reason"
      />
      <Select
        label={t("merchants.fields.digital_rejection_reason")}
        data={options.rejection}
        value={digital}
        onChange={setDigital}
        clearable
      />
      <Select
        label={t("merchants.fields.cib_rejection_reason")}
        data={options.cib}
        value={cib}
        onChange={setCib}
        clearable
      />
    </ActionModal>
  );
}

/** Rejects card or QR payments with a reason of the merchant list (docs/backoffice.md "Card and QR approvals"). */
function ProductRejectDialog({ onClose, actions, product }: DialogProps & { product: "card" | "qr" }) {
  const { t } = useTranslation();
  const options = useReasonOptions();
  const [reason, setReason] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const title = product === "card" ? t("merchants.actions.cardReject") : t("merchants.actions.qrReject");
  return (
    <ActionModal
      opened
      onClose={onClose}
      title={title}
      submitLabel={title}
      danger
      testId={`merchant-${product}-reject`}
      onSubmit={async () => {
        if (!reason) {
          setMissing(true);
          throw new Error(t("merchants.validation.required"));
        }
        const body = {
          status: "rejected" as const,
          reason: reason as (typeof REJECTION_REASON_KEYS)[number],
        };
        await (product === "card" ? actions.cardApproval : actions.qrApproval).mutateAsync(body);
      }}
    >
      <Select
        label={
          product === "card"
            ? t("merchants.fields.card_rejection_reason")
            : t("merchants.fields.qr_rejection_reason")
        }
        data={options.rejection}
        value={reason}
        onChange={setReason}
        required
        error={missing && !reason ? t("merchants.validation.required") : undefined}
        data-testid={`merchant-${product}-reject-reason`}
      />
    </ActionModal>
  );
}

function DeactivateDialog({ onClose, actions }: DialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  return (
    <ActionModal
      opened
      onClose={onClose}
      title={t("merchants.actions.deactivate")}
      submitLabel={t("merchants.actions.deactivate")}
      danger
      testId="merchant-deactivate"
      onSubmit={async () => {
        if (!reason.trim()) {
          setMissing(true);
          throw new Error(t("merchants.validation.required"));
        }
        await actions.deactivate.mutateAsync({ reason: reason.trim() });
      }}
    >
      <Alert color="orange">{t("merchants.actions.deactivateWarning")}</Alert>
      <Textarea
        label={t("merchants.fields.deactivate_reason")}
        required
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={missing && !reason.trim() ? t("merchants.validation.required") : undefined}
        data-testid="merchant-deactivate-reason"
      />
    </ActionModal>
  );
}

function SuspiciousDialog({ onClose, actions }: DialogProps) {
  const { t } = useTranslation();
  const options = useReasonOptions();
  const [reason, setReason] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  return (
    <ActionModal
      opened
      onClose={onClose}
      title={t("merchants.actions.suspicious")}
      submitLabel={t("merchants.actions.suspicious")}
      danger
      testId="merchant-suspicious-dialog"
      onSubmit={async () => {
        if (!reason) {
          setMissing(true);
          throw new Error(t("merchants.validation.required"));
        }
        await actions.suspicious.mutateAsync({
          suspicious: true,
          reason: reason as (typeof SUSPICION_REASON_KEYS)[number],
        });
      }}
    >
      <Select
        label={t("merchants.fields.suspicion_reason")}
        data={options.suspicion}
        value={reason}
        onChange={setReason}
        required
        error={missing && !reason ? t("merchants.validation.required") : undefined}
        data-testid="merchant-suspicion-reason"
      />
    </ActionModal>
  );
}

function EditDialog({ onClose, actions, details }: DialogProps) {
  const { t } = useTranslation();
  const m = details!.merchant;
  const [username, setUsername] = useState(m.username ?? "");
  const [password, setPassword] = useState("");
  const [number, setNumber] = useState(m.settlment_merchant_number ?? "");
  return (
    <ActionModal
      opened
      onClose={onClose}
      title={t("merchants.actions.edit")}
      submitLabel={t("merchants.actions.save")}
      testId="merchant-edit"
      onSubmit={() =>
        actions.edit.mutateAsync({
          ...(username && username !== m.username ? { username } : {}),
          ...(password ? { password } : {}),
          settlment_merchant_number: number,
        })
      }
    >
      <TextInput
        label={t("merchants.fields.username")}
        value={username}
        onChange={(e) => setUsername(e.currentTarget.value)}
      />
      <PasswordInput
        label={t("merchants.fields.password")}
        description={t("merchants.fields.passwordHint")}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        autoComplete="new-password"
      />
      <TextInput
        label={t("merchants.fields.settlment_merchant_number")}
        value={number}
        onChange={(e) => setNumber(e.currentTarget.value)}
      />
    </ActionModal>
  );
}

function BankAccountDialog({ onClose, actions, details }: DialogProps) {
  const { t } = useTranslation();
  const [account, setAccount] = useState(details!.merchant.bank_account ?? "");
  return (
    <ActionModal
      opened
      onClose={onClose}
      title={t("merchants.actions.bankAccount")}
      submitLabel={t("merchants.actions.save")}
      testId="merchant-bank-account"
      onSubmit={() => actions.bankAccount.mutateAsync({ bank_account: account.trim().toUpperCase() })}
    >
      <TextInput
        label={t("merchants.fields.bank_account")}
        description={t("merchants.fields.bankAccountHint")}
        required
        value={account}
        onChange={(e) => setAccount(e.currentTarget.value)}
        data-testid="merchant-bank-account-input"
      />
    </ActionModal>
  );
}

function FeeDialog({ onClose, actions, details }: DialogProps) {
  const { t } = useTranslation();
  const [fee, setFee] = useState<string | null>(
    details!.merchant.fee_id ? String(details!.merchant.fee_id) : null,
  );
  return (
    <ActionModal
      opened
      onClose={onClose}
      title={t("merchants.actions.fee")}
      submitLabel={t("merchants.actions.save")}
      testId="merchant-fee"
      onSubmit={async () => {
        if (!fee) throw new Error(t("merchants.validation.required"));
        await actions.fee.mutateAsync({ fee_id: Number(fee) });
      }}
    >
      <Select
        label={t("merchants.fields.fee_id")}
        required
        value={fee}
        onChange={setFee}
        data={MERCHANT_FEE_PLANS.map((p) => ({
          value: String(p.id),
          label: t("merchants.feePlan", {
            name: t(`merchants.feePlans.${p.id}`),
            percent: (p.percent_bps / 100).toFixed(2),
            fixed: (p.fixed_cents / 100).toFixed(2),
          }),
        }))}
      />
    </ActionModal>
  );
}

function FullEditDialog({ onClose, actions, details }: DialogProps) {
  const { t } = useTranslation();
  const options = useReasonOptions();
  const m = details!.merchant;
  const [v, setV] = useState<FullEditBody>({
    has_bank_docs: m.docs_received,
    deactivate: m.deactivated,
    deactivation_reason: m.deactivate_reason ?? undefined,
    suspicious: m.suspicious,
    suspicion_reason: (m.suspicion_reason as FullEditBody["suspicion_reason"]) ?? null,
    status: m.bank_merchant_status === "deactivated" ? "pending" : m.bank_merchant_status,
    rejection_reason: (m.rejection_reason as FullEditBody["rejection_reason"]) ?? null,
    digital_status: m.digital_status,
    digital_rejection_reason:
      (m.digital_rejection_reason as FullEditBody["digital_rejection_reason"]) ?? null,
    cib_rejection_reason: (m.cib_rejection_reason as FullEditBody["cib_rejection_reason"]) ?? null,
  });
  const set = <K extends keyof FullEditBody>(k: K, value: FullEditBody[K]) =>
    setV((old) => ({ ...old, [k]: value }));
  return (
    <ActionModal
      opened
      onClose={onClose}
      title={t("merchants.actions.fullEdit")}
      submitLabel={t("merchants.actions.save")}
      testId="merchant-full-edit"
      onSubmit={() => actions.fullEdit.mutateAsync(v)}
    >
      <Checkbox
        label={t("merchants.fields.has_bank_docs")}
        checked={v.has_bank_docs}
        onChange={(e) => set("has_bank_docs", e.currentTarget.checked)}
      />
      <Checkbox
        label={t("merchants.fields.deactivate")}
        checked={v.deactivate}
        onChange={(e) => set("deactivate", e.currentTarget.checked)}
      />
      {v.deactivate ? (
        <Textarea
          label={t("merchants.fields.deactivate_reason")}
          value={v.deactivation_reason ?? ""}
          onChange={(e) => set("deactivation_reason", e.currentTarget.value)}
        />
      ) : null}
      <Select
        label={t("merchants.columns.suspicious")}
        data={SUSPICIOUS_VALUES.map((s) => ({ value: s, label: t(`merchants.suspicious.${s}`) }))}
        value={v.suspicious}
        onChange={(s) => s && set("suspicious", s as FullEditBody["suspicious"])}
        allowDeselect={false}
      />
      {v.suspicious === "yes" ? (
        <Select
          label={t("merchants.fields.suspicion_reason")}
          data={options.suspicion}
          value={v.suspicion_reason ?? null}
          onChange={(s) => set("suspicion_reason", s as FullEditBody["suspicion_reason"])}
        />
      ) : null}
      <Select
        label={t("merchants.columns.bank_merchant_status")}
        data={(["pending", "approved", "rejected"] as const).map((s) => ({
          value: s,
          label: t(`merchants.status.${s}`),
        }))}
        value={v.status}
        onChange={(s) => s && set("status", s as FullEditBody["status"])}
        allowDeselect={false}
        data-testid="merchant-full-edit-status"
      />
      {v.status === "rejected" ? (
        <>
          <Select
            label={t("merchants.fields.rejection_reason")}
            data={options.rejection}
            value={v.rejection_reason ?? null}
            onChange={(s) => set("rejection_reason", s as FullEditBody["rejection_reason"])}
          />
          <Select
            label={t("merchants.fields.cib_rejection_reason")}
            data={options.cib}
            value={v.cib_rejection_reason ?? null}
            onChange={(s) => set("cib_rejection_reason", s as FullEditBody["cib_rejection_reason"])}
            clearable
          />
        </>
      ) : null}
      <Select
        label={t("merchants.columns.digital_status")}
        data={DIGITAL_STATUSES.map((s) => ({ value: s, label: t(`merchants.status.${s}`) }))}
        value={v.digital_status}
        onChange={(s) => s && set("digital_status", s as FullEditBody["digital_status"])}
        allowDeselect={false}
      />
      {v.digital_status === "rejected" ? (
        <Select
          label={t("merchants.fields.digital_rejection_reason")}
          data={options.rejection}
          value={v.digital_rejection_reason ?? null}
          onChange={(s) => set("digital_rejection_reason", s as FullEditBody["digital_rejection_reason"])}
        />
      ) : null}
    </ActionModal>
  );
}
