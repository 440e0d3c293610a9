import { Alert, Button, Group, Modal, Select, SimpleGrid, Skeleton, Stack, TextInput } from "@mantine/core";
import { TIP_TYPES, type TipType } from "@portal/domain/api/request-to-pay";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors.ts";
import { useRequestToPay, useSaveRequestToPay } from "../../api/request-to-pay.api.ts";
import { toast } from "../../app/toast.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import {
  EMPTY_REQUEST_FORM,
  formOf,
  messageCode,
  type RequestFormValues,
  type RequestProblems,
  requestBody,
  TEXT_FIELDS,
} from "./requestForm.ts";

const CURRENCIES = ["EGP", "USD", "PKR", "AED", "SAR", "OMR"] as const;

/** The create or edit form of a request to pay (back-office.md section 3 "Request to pay"; tip rules: section 5). */
export function RequestFormModal(props: {
  id: number | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const existing = useRequestToPay(props.id);
  const title =
    props.id === null
      ? t("requestToPay.form.createTitle")
      : t("requestToPay.form.editTitle", { id: props.id });
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={title}
      size="xl"
      closeButtonProps={{ "aria-label": t("requestToPay.details.close") }}
      data-testid="request-form"
    >
      {props.id !== null && existing.isLoading ? (
        <Skeleton h={320} />
      ) : props.id !== null && !existing.data ? (
        <Alert color="red" title={t("requestToPay.details.loadError")} />
      ) : (
        <RequestForm
          id={props.id}
          initial={existing.data ? formOf(existing.data) : EMPTY_REQUEST_FORM}
          onClose={props.onClose}
          onSaved={props.onSaved}
        />
      )}
    </Modal>
  );
}

function RequestForm(props: {
  id: number | null;
  initial: RequestFormValues;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { isLive } = useLiveMode();
  const save = useSaveRequestToPay();
  const [values, setValues] = useState<RequestFormValues>(props.initial);
  const [problems, setProblems] = useState<RequestProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof RequestFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };
  const error = (key: keyof RequestFormValues) => {
    const code = problems[key];
    return code ? t(`requestToPay.messages.${code}`) : undefined;
  };

  const submit = (send: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    const checked = requestBody(values, isLive);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setFailure(null);
    save.mutate(
      { id: props.id, body: checked.body, send },
      {
        onSuccess: (saved) => {
          toast.success(
            t(
              props.id === null
                ? send
                  ? "requestToPay.messages.createdSent"
                  : "requestToPay.messages.created"
                : "requestToPay.messages.updated",
            ),
          );
          props.onSaved(saved.id);
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            const next: RequestProblems = {};
            for (const [field, messages] of Object.entries(err.fields)) {
              const key = (field === "amount_cents" ? "amount" : field) as keyof RequestFormValues;
              const code = messages[0] ? messageCode(messages[0]) : undefined;
              if (code && key in values) next[key] = code;
            }
            if (Object.keys(next).length > 0) {
              setProblems(next);
              return;
            }
            const code = err.code ? messageCode(String(err.body?.detail ?? "")) : undefined;
            setFailure(code ? t(`requestToPay.messages.${code}`) : t("requestToPay.errors.generic"));
            return;
          }
          setFailure(t("requestToPay.errors.generic"));
        },
      },
    );
  };

  const tipSuffix = values.tip_type === "percentage" ? "%" : values.currency;
  return (
    <form onSubmit={submit(false)} noValidate data-testid="request-form-fields">
      <Stack>
        {failure ? (
          <Alert color="red" role="alert" data-testid="request-form-error">
            {failure}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("requestToPay.fields.amount")}
            required
            inputMode="decimal"
            dir="ltr"
            value={values.amount}
            onChange={(e) => set("amount")(e.currentTarget.value)}
            error={error("amount")}
            maxLength={20}
            data-testid="request-amount"
          />
          <Select
            label={t("requestToPay.fields.currency")}
            required
            data={CURRENCIES.map((c) => ({ value: c, label: t(`requestToPay.currencies.${c}`) }))}
            value={values.currency}
            onChange={(v) => v && set("currency")(v)}
            allowDeselect={false}
            data-testid="request-currency"
          />
          <TextInput
            label={t("requestToPay.fields.mob_num")}
            required
            inputMode="tel"
            dir="ltr"
            value={values.mob_num}
            onChange={(e) => set("mob_num")(e.currentTarget.value)}
            error={error("mob_num")}
            maxLength={20}
            data-testid="request-mob-num"
          />
          {TEXT_FIELDS.map((key) => (
            <TextInput
              key={key}
              label={t(`requestToPay.fields.${key}`)}
              value={values[key]}
              onChange={(e) => set(key)(e.currentTarget.value)}
              error={error(key)}
              maxLength={64}
              data-testid={`request-${key.replaceAll("_", "-")}`}
            />
          ))}
          <TextInput
            label={t("requestToPay.fields.purpose")}
            value={values.purpose}
            onChange={(e) => set("purpose")(e.currentTarget.value)}
            error={error("purpose")}
            maxLength={200}
            data-testid="request-purpose"
          />
          <Select
            label={t("requestToPay.fields.tip_type")}
            required
            data={TIP_TYPES.map((tip) => ({ value: tip, label: t(`requestToPay.tipTypes.${tip}`) }))}
            value={values.tip_type}
            onChange={(v) => {
              if (!v) return;
              setValues((x) => ({ ...x, tip_type: v as TipType, tip_value: "" }));
              setProblems((p) => ({ ...p, tip_value: undefined }));
            }}
            allowDeselect={false}
            data-testid="request-tip-type"
          />
          {values.tip_type === "fixed" || values.tip_type === "percentage" ? (
            <TextInput
              label={t("requestToPay.fields.tip_value")}
              description={t(`requestToPay.form.tipHint.${values.tip_type}`)}
              required
              inputMode="decimal"
              dir="ltr"
              rightSection={<span aria-hidden="true">{tipSuffix}</span>}
              rightSectionWidth={48}
              value={values.tip_value}
              onChange={(e) => set("tip_value")(e.currentTarget.value)}
              error={error("tip_value")}
              maxLength={14}
              data-testid="request-tip-value"
            />
          ) : null}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t("requestToPay.form.close")}
          </Button>
          <Button
            type="submit"
            variant={props.id === null ? "default" : "filled"}
            loading={save.isPending}
            data-testid="request-save"
          >
            {t("requestToPay.form.save")}
          </Button>
          {props.id === null ? (
            <Button onClick={() => submit(true)()} loading={save.isPending} data-testid="request-save-send">
              {t("requestToPay.form.saveAndSend")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
