import { Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { type RiskEntryInput, riskEntryInputSchema } from "@portal/domain/api/risk";
import { RISK_SUBJECTS, type RiskSubject } from "@portal/domain/risk";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useAddRiskEntry } from "../../api/risk.api.ts";
import { toast } from "../../app/toast.ts";
import { problemText } from "./riskText.ts";

/**
 * Add a card, e-mail, phone or IP range to the blacklist or the whitelist. A card number is sent once and kept
 * by the server only as its first 6 and last 4 digits and a keyed hash; the field is cleared when the dialog closes.
 */
export function EntryModal(props: { list: "black" | "white"; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddRiskEntry();
  const [kind, setKind] = useState<RiskSubject>("card");
  const [value, setValue] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<{ value?: string | undefined; note?: string | undefined }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: RiskEntryInput = { list: props.list, kind, value, note };
    const parsed = riskEntryInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] === "note" ? "note" : "value";
        next[f] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync(body);
      toast.success(t("risk.validation.saved"));
      props.onClose();
    } catch (err) {
      if (isApiError(err) && (err.fields.value || err.fields.note)) {
        setErrors({ value: err.fields.value?.[0], note: err.fields.note?.[0] });
        return;
      }
      toast.error(isApiError(err) && err.status === 403 ? t("risk.noPermission") : t("messages.generic"));
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.list === "black" ? t("risk.entries.addBlack") : t("risk.entries.addWhite")}
      closeButtonProps={{ "aria-label": t("risk.cancel") }}
      data-testid="risk-entry-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t("risk.fields.entryKind")}
            data={RISK_SUBJECTS.map((s) => ({ value: s, label: t(`risk.entryKinds.${s}`) }))}
            value={kind}
            onChange={(v) => v && setKind(v as RiskSubject)}
            allowDeselect={false}
            data-testid="risk-entry-kind"
          />
          <TextInput
            label={t(`risk.entryValue.${kind}`)}
            description={t(`risk.entryHint.${kind}`)}
            dir="ltr"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            maxLength={254}
            required
            error={problemText(t, errors.value)}
            data-testid="risk-entry-value"
          />
          <TextInput
            label={t("risk.fields.note")}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={200}
            error={problemText(t, errors.note)}
            data-testid="risk-entry-note"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("risk.cancel")}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="risk-entry-submit">
              {t("risk.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
