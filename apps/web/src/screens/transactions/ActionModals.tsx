import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import type { ActionAnswer, TransactionDetails } from "@portal/domain/api/transactions";
import { isCurrency } from "@portal/domain/currencies";
import { toMajorString } from "@portal/domain/money";
import { PARTIAL_REFUND_MIN_REMAINDER } from "@portal/domain/refunds";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isApiError } from "../../api/errors.ts";
import { toast } from "../../app/toast.ts";
import type { Lang } from "../../i18n/language.ts";
import { money } from "../../lib/money.ts";
import {
  type ActionMessageKey,
  failureMessage,
  isRefusedCapture,
  SUCCESS_MESSAGES,
  type TransactionAction,
} from "./actionMessages.ts";
import { checkCaptureInput, checkRefundInput } from "./amountInput.ts";

type Tx = TransactionDetails["transaction"];

/** Shows an action's outcome with the spec's message for its status code; answers true on success. */
export function useActionOutcome(tx: Tx, lang: Lang, providerMaximum?: number | null) {
  const { t } = useTranslation();
  const params = {
    minimum: money(PARTIAL_REFUND_MIN_REMAINDER, tx.currency, lang),
    maximum: money(providerMaximum ?? 0, tx.currency, lang),
  };
  const say = (key: ActionMessageKey) => t(`transactions.messages.${key}`, params);
  return async (action: TransactionAction, run: () => Promise<unknown>): Promise<boolean> => {
    try {
      const answer = await run();
      if (action === "capture" && isRefusedCapture(answer)) {
        toast.error(say("capture200"));
        return false;
      }
      toast.success(say(SUCCESS_MESSAGES[action]));
      return true;
    } catch (err) {
      if (isApiError(err) && err.handled) return false;
      const status = isApiError(err) ? err.status : 0;
      const code = isApiError(err) ? err.code : undefined;
      toast.error(say(failureMessage(action, status, code)));
      return false;
    }
  };
}

interface AmountModalProps {
  opened: boolean;
  onClose: () => void;
  tx: Tx;
  lang: Lang;
  loading: boolean;
}

/**
 * Refund: an amount (placeholder 149.99) below the transaction amount minus the refunded amount, leaving more
 * than 500 minor units when partial, and the one-time code for wallet refunds.
 */
export function RefundModal(
  props: AmountModalProps & {
    remaining: number;
    needsOtp: boolean;
    providerMaximum?: number | null;
    onSubmit: (body: { amount_cents: number; otp?: string }) => Promise<boolean>;
    onSendOtp: () => void;
    sendingOtp: boolean;
  },
) {
  const { t } = useTranslation();
  const currency = isCurrency(props.tx.currency) ? props.tx.currency : "EGP";
  const schema = z.object({
    amount: z.string().superRefine((value, ctx) => {
      const check = checkRefundInput(value, currency, props.remaining, props.providerMaximum);
      if (!check.ok) ctx.addIssue({ code: "custom", message: check.problem });
    }),
    otp: props.needsOtp ? z.string().trim().min(1, "required").max(12, "required") : z.string().optional(),
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: "", otp: "" },
    mode: "onTouched",
  });
  const params = {
    minimum: money(PARTIAL_REFUND_MIN_REMAINDER, props.tx.currency, props.lang),
    maximum: money(props.providerMaximum ?? 0, props.tx.currency, props.lang),
  };
  const problem = form.formState.errors.amount?.message;
  const otpProblem = form.formState.errors.otp?.message;
  const submit = form.handleSubmit(async (values) => {
    const check = checkRefundInput(values.amount, currency, props.remaining, props.providerMaximum);
    if (!check.ok) return;
    const ok = await props.onSubmit({
      amount_cents: check.amount,
      ...(props.needsOtp ? { otp: values.otp?.trim() } : {}),
    });
    if (ok) {
      form.reset();
      props.onClose();
    }
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("transactions.actions.refundTitle")}
      closeButtonProps={{ "aria-label": t("transactions.actions.close") }}
      data-testid="refund-modal"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm" data-testid="refund-max">
            {t("transactions.actions.refundMax", {
              amount: money(props.remaining, props.tx.currency, props.lang),
            })}
          </Text>
          <TextInput
            label={t("transactions.actions.refundAmount")}
            placeholder="149.99"
            inputMode="decimal"
            required
            dir="ltr"
            {...form.register("amount")}
            error={problem ? t(`transactions.validation.${problem as "required"}`, params) : undefined}
            data-testid="refund-amount"
          />
          {props.needsOtp ? (
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                flex={1}
                label={t("transactions.actions.refundOtp")}
                description={t("transactions.actions.refundOtpHint")}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                dir="ltr"
                {...form.register("otp")}
                error={otpProblem ? t("transactions.validation.required") : undefined}
                data-testid="refund-otp"
              />
              <Button
                variant="default"
                onClick={props.onSendOtp}
                loading={props.sendingOtp}
                data-testid="refund-send-otp"
              >
                {t("transactions.actions.sendOtp")}
              </Button>
            </Group>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("transactions.actions.cancel")}
            </Button>
            <Button type="submit" color="red.9" loading={props.loading} data-testid="refund-submit">
              {t("transactions.actions.refund")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Capture: an amount up to the displayed maximum (prefilled with it). */
export function CaptureModal(
  props: AmountModalProps & {
    maximum: number;
    onSubmit: (body: { amount_cents: number }) => Promise<boolean>;
  },
) {
  const { t } = useTranslation();
  const currency = isCurrency(props.tx.currency) ? props.tx.currency : "EGP";
  const schema = z.object({
    amount: z.string().superRefine((value, ctx) => {
      const check = checkCaptureInput(value, currency, props.maximum);
      if (!check.ok) ctx.addIssue({ code: "custom", message: check.problem });
    }),
  });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: props.maximum > 0 ? toMajorString(props.maximum, currency) : "" },
    mode: "onTouched",
  });
  const problem = form.formState.errors.amount?.message;
  const submit = form.handleSubmit(async (values) => {
    const check = checkCaptureInput(values.amount, currency, props.maximum);
    if (!check.ok) return;
    if (await props.onSubmit({ amount_cents: check.amount })) props.onClose();
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("transactions.actions.captureTitle")}
      closeButtonProps={{ "aria-label": t("transactions.actions.close") }}
      data-testid="capture-modal"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm" data-testid="capture-max">
            {t("transactions.actions.captureMax", {
              amount: money(props.maximum, props.tx.currency, props.lang),
            })}
          </Text>
          <TextInput
            label={t("transactions.actions.captureAmount")}
            inputMode="decimal"
            required
            dir="ltr"
            {...form.register("amount")}
            error={problem ? t(`transactions.validation.${problem as "required"}`) : undefined}
            data-testid="capture-amount"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("transactions.actions.cancel")}
            </Button>
            <Button type="submit" loading={props.loading} data-testid="capture-submit">
              {t("transactions.actions.capture")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export type { ActionAnswer };
