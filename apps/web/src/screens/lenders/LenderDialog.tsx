import { Button, Group, Modal, Select, Stack, Switch, TextInput } from "@mantine/core";
import { LENDER_MESSAGES, LENDER_PUBLIC_ID_PATTERN, type LenderMessageKey } from "@portal/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { type LenderItem, type LenderMerchant, useSaveLender } from "../../api/lenders.api.ts";
import { toast } from "../../app/toast.ts";

type Field = "merchant_id" | "integration_id" | "public_id";

/** A server refusal in the user's language (LENDER_MESSAGES by key); another one as the server wrote it. */
function messageKey(message: string): LenderMessageKey | undefined {
  return (Object.keys(LENDER_MESSAGES) as LenderMessageKey[]).find((k) => LENDER_MESSAGES[k] === message);
}

/**
 * The add and edit lender dialogs (docs/pos-risk.md "Lenders"): the merchant (adding only), its card integration,
 * the page id, and (editing) whether its lending page is enabled. The same checks as the server, then its own.
 */
export function LenderDialog(props: {
  lender?: LenderItem | undefined;
  merchants: LenderMerchant[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const editing = props.lender !== undefined;
  const save = useSaveLender();
  const [merchantId, setMerchantId] = useState<string | null>(
    props.lender ? String(props.lender.merchant_id) : null,
  );
  const [integrationId, setIntegrationId] = useState<string | null>(
    props.lender ? String(props.lender.integration_id) : null,
  );
  const [publicId, setPublicId] = useState(props.lender?.public_id ?? "");
  const [active, setActive] = useState(props.lender?.is_active ?? true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const merchant = props.merchants.find((m) => String(m.id) === merchantId);
  // Adding: the bank's merchants that are not lenders yet and have a card integration to collect with.
  const choices = editing
    ? props.merchants
    : props.merchants.filter((m) => !m.is_lender && m.integrations.length > 0);
  const text = (message: string) => {
    const key = messageKey(message);
    return key ? t(`lenders.validation.${key}`) : message;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!merchantId) found.merchant_id = text(LENDER_MESSAGES.merchant);
    if (!integrationId) found.integration_id = text(LENDER_MESSAGES.integration);
    if (!LENDER_PUBLIC_ID_PATTERN.test(publicId.trim())) found.public_id = text(LENDER_MESSAGES.publicId);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (props.lender)
        await save.mutateAsync({
          id: props.lender.id,
          body: { integration_id: Number(integrationId), public_id: publicId.trim(), is_active: active },
        });
      else
        await save.mutateAsync({
          id: null,
          body: {
            merchant_id: Number(merchantId),
            integration_id: Number(integrationId),
            public_id: publicId.trim(),
          },
        });
      toast.success(editing ? t("lenders.edited") : t("lenders.added"));
      props.onClose();
    } catch (err) {
      if (isApiError(err) && Object.keys(err.fields).length > 0) {
        const next: Partial<Record<Field, string>> = {};
        for (const field of ["merchant_id", "integration_id", "public_id"] as const) {
          const message = err.fields[field]?.[0];
          if (message) next[field] = text(message);
        }
        setErrors(next);
        return;
      }
      toast.error(t("lenders.failed"));
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={editing ? t("lenders.editTitle") : t("lenders.addTitle")}
      closeButtonProps={{ "aria-label": t("lenders.cancel") }}
    >
      <form onSubmit={submit} noValidate data-testid="lender-dialog">
        <Stack>
          <Select
            label={t("lenders.fields.merchant")}
            data={choices.map((m) => ({ value: String(m.id), label: m.name }))}
            value={merchantId}
            onChange={(v) => {
              setMerchantId(v);
              setIntegrationId(null);
            }}
            disabled={editing}
            searchable
            required
            error={errors.merchant_id}
            data-testid="lender-merchant"
          />
          <Select
            label={t("lenders.fields.integration")}
            data={(merchant?.integrations ?? []).map((i) => ({
              value: String(i.id),
              label: `${i.name} (${i.currency}, ${i.is_live ? t("lenders.live") : t("lenders.test")})`,
            }))}
            value={integrationId}
            onChange={setIntegrationId}
            required
            error={errors.integration_id}
            data-testid="lender-integration"
          />
          <TextInput
            label={t("lenders.fields.publicId")}
            description={t("lenders.publicIdHint")}
            value={publicId}
            onChange={(e) => setPublicId(e.currentTarget.value)}
            dir="ltr"
            maxLength={40}
            required
            error={errors.public_id}
            data-testid="lender-public-id"
          />
          {editing ? (
            <Switch
              label={t("lenders.fields.active")}
              checked={active}
              onChange={(e) => setActive(e.currentTarget.checked)}
              data-testid="lender-active"
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("lenders.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="lender-submit">
              {editing ? t("lenders.save") : t("lenders.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
