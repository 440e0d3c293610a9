import { Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from "@mantine/core";
import { type RiskRuleInput, riskRuleInputSchema } from "@portal/domain/api/risk";
import { CURRENCIES } from "@portal/domain/currencies";
import { RISK_RULE_KINDS, RISK_SUBJECTS, type RiskRuleKind } from "@portal/domain/risk";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { type RiskRule, useSaveRiskRule } from "../../api/risk.api.ts";
import { toast } from "../../app/toast.ts";
import { problemText } from "./riskText.ts";

type Field =
  | "kind"
  | "currency"
  | "amount_cents"
  | "subject"
  | "max_payments"
  | "window_seconds"
  | "countries"
  | "note";

/**
 * Add or change a risk rule: the kind decides the fields (amount and currency; what velocity counts by, its limits
 * and window in minutes; the allowed countries). Amounts are typed in minor units, as the API takes them.
 */
export function RuleModal(props: { rule?: RiskRule | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveRiskRule();
  const r = props.rule;
  const [kind, setKind] = useState<RiskRuleKind>(r?.kind ?? "max_amount");
  const [currency, setCurrency] = useState<string>(r?.currency ?? "EGP");
  const [amount, setAmount] = useState<number | string>(r?.amount_cents ?? "");
  const [subject, setSubject] = useState<string>(r?.subject ?? "card");
  const [maxPayments, setMaxPayments] = useState<number | string>(r?.max_payments ?? "");
  const [windowMinutes, setWindowMinutes] = useState<number | string>(
    r?.window_seconds ? r.window_seconds / 60 : 60,
  );
  const [countries, setCountries] = useState<string>((r?.countries ?? []).join(", "));
  const [active, setActive] = useState<boolean>(r?.is_active ?? true);
  const [note, setNote] = useState<string>(r?.note ?? "");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const num = (v: number | string) => (v === "" ? undefined : Number(v));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: RiskRuleInput = {
      kind,
      currency,
      amount_cents: num(amount),
      subject: kind === "velocity" ? (subject as RiskRuleInput["subject"]) : undefined,
      max_payments: num(maxPayments),
      window_seconds: windowMinutes === "" ? undefined : Math.round(Number(windowMinutes) * 60),
      countries: countries
        .split(/[,\s،]+/)
        .map((c) => c.trim())
        .filter(Boolean),
      is_active: active,
      note,
    };
    const parsed = riskRuleInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = String(issue.path[0] ?? "kind") as Field;
        next[f] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: r?.id, body });
      toast.success(t("risk.validation.saved"));
      props.onClose();
    } catch (err) {
      if (isApiError(err) && Object.keys(err.fields).length > 0) {
        const next: Partial<Record<Field, string>> = {};
        for (const [f, messages] of Object.entries(err.fields)) next[f.split(".")[0] as Field] = messages[0];
        setErrors(next);
        return;
      }
      toast.error(isApiError(err) && err.status === 403 ? t("risk.noPermission") : t("messages.generic"));
    }
  };

  const amountKind =
    kind === "max_amount" || kind === "min_amount" || kind === "three_ds" || kind === "velocity";
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={r ? t("risk.rules.editTitle") : t("risk.rules.addTitle")}
      closeButtonProps={{ "aria-label": t("risk.cancel") }}
      data-testid="risk-rule-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t("risk.fields.kind")}
            data={RISK_RULE_KINDS.map((k) => ({ value: k, label: t(`risk.kinds.${k}`) }))}
            value={kind}
            onChange={(v) => v && setKind(v as RiskRuleKind)}
            allowDeselect={false}
            data-testid="risk-rule-kind"
          />
          {kind === "velocity" ? (
            <>
              <Select
                label={t("risk.fields.subject")}
                data={RISK_SUBJECTS.map((s) => ({ value: s, label: t(`risk.subjects.${s}`) }))}
                value={subject}
                onChange={(v) => v && setSubject(v)}
                allowDeselect={false}
                error={problemText(t, errors.subject)}
                data-testid="risk-rule-subject"
              />
              <NumberInput
                label={t("risk.fields.max_payments")}
                value={maxPayments}
                onChange={setMaxPayments}
                allowDecimal={false}
                min={1}
                error={problemText(t, errors.max_payments)}
                data-testid="risk-rule-max-payments"
              />
              <NumberInput
                label={t("risk.fields.window_minutes")}
                value={windowMinutes}
                onChange={setWindowMinutes}
                allowDecimal={false}
                min={1}
                error={problemText(t, errors.window_seconds)}
                data-testid="risk-rule-window"
              />
            </>
          ) : null}
          {amountKind ? (
            <Group grow align="flex-start">
              <NumberInput
                label={
                  kind === "velocity" ? t("risk.fields.max_amount_window") : t("risk.fields.amount_cents")
                }
                description={t("risk.fields.minorUnits")}
                value={amount}
                onChange={setAmount}
                allowDecimal={false}
                min={1}
                required={kind !== "velocity"}
                error={problemText(t, errors.amount_cents)}
                data-testid="risk-rule-amount"
              />
              <Select
                label={t("risk.fields.currency")}
                data={[...CURRENCIES]}
                value={currency}
                onChange={(v) => v && setCurrency(v)}
                allowDeselect={false}
                error={problemText(t, errors.currency)}
                data-testid="risk-rule-currency"
              />
            </Group>
          ) : null}
          {kind === "countries" ? (
            <TextInput
              label={t("risk.fields.countries")}
              description={t("risk.fields.countriesHint")}
              dir="ltr"
              value={countries}
              onChange={(e) => setCountries(e.currentTarget.value)}
              maxLength={800}
              required
              error={problemText(t, errors.countries)}
              data-testid="risk-rule-countries"
            />
          ) : null}
          <TextInput
            label={t("risk.fields.note")}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={200}
            error={problemText(t, errors.note)}
            data-testid="risk-rule-note"
          />
          <Switch
            label={t("risk.fields.is_active")}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
            data-testid="risk-rule-active"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("risk.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="risk-rule-submit">
              {t("risk.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
