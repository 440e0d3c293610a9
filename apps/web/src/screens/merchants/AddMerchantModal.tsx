import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { type AddMerchantBody, SETTLEMENT_TYPES } from "@portal/domain/api/merchants";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useAddMerchant } from "../../api/merchants.api.ts";
import { messageOf } from "../../api/reportError.ts";
import { toast } from "../../app/toast.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { fieldMessage } from "./serverMessages.ts";

type Branch = { branch_name: string; branch_id: string; no_of_terminals: number };

const TEXT_FIELDS = [
  "username",
  "merchant_name",
  "phone_number",
  "email",
  "city",
  "address",
  "national_id",
  "mcc",
  "wallet_limit_profile",
  "super_agent",
  "commercial_registration",
  "commercial_registration_area",
  "distributor_code",
  "distributor_branch_code",
  "settlment_merchant_number",
] as const;
const REQUIRED = new Set([
  "username",
  "password",
  "merchant_name",
  "phone_number",
  "email",
  "city",
  "address",
  "national_id",
  "commercial_registration",
]);

/**
 * Add a merchant (back-office.md section 3, Add form) with its branches and their terminal counts. The new
 * merchant's owner gets an activation e-mail from the server.
 */
export function AddMerchantModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const navigate = useNavigate();
  const add = useAddMerchant();
  const [values, setValues] = useState<Record<string, string>>({});
  const [password, setPassword] = useState("");
  const [settlement, setSettlement] = useState<(typeof SETTLEMENT_TYPES)[number]>("BankAccount");
  const [active, setActive] = useState(true);
  const [branches, setBranches] = useState<Branch[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    for (const key of REQUIRED)
      if (!(key === "password" ? password : values[key]?.trim()))
        missing[key] = t("merchants.validation.required");
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    const optional = (k: string) => (values[k]?.trim() ? { [k]: values[k]!.trim() } : {});
    const body = {
      username: values.username!.trim(),
      password,
      merchant_name: values.merchant_name!.trim(),
      phone_number: values.phone_number!.trim(),
      email: values.email!.trim(),
      city: values.city!.trim(),
      address: values.address!.trim(),
      national_id: values.national_id!.trim(),
      commercial_registration: values.commercial_registration!.trim(),
      ...optional("mcc"),
      ...optional("wallet_limit_profile"),
      ...optional("super_agent"),
      ...optional("commercial_registration_area"),
      ...optional("distributor_code"),
      ...optional("distributor_branch_code"),
      ...optional("settlment_merchant_number"),
      is_active: active,
      settlment_type: settlement,
      branches,
    } as AddMerchantBody;
    try {
      const details = await add.mutateAsync(body);
      toast.success(t("merchants.add.created"));
      onClose();
      setValues({});
      setPassword("");
      setBranches([]);
      void navigate({ to: "/{-$lang}/merchants/$id", params: { lang, id: String(details.merchant.id) } });
    } catch (err) {
      if (isApiError(err) && err.code === "validation") {
        const fields: Record<string, string> = {};
        for (const [k, v] of Object.entries(err.fields))
          fields[k.split(".")[0]!] = fieldMessage(t, v[0] ?? "");
        setErrors(fields);
      }
      setFormError(messageOf(err));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t("merchants.add.title")}
      closeButtonProps={{ "aria-label": t("transactions.actions.close") }}
      data-testid="merchant-add"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {formError ? (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TEXT_FIELDS.map((key) => (
              <TextInput
                key={key}
                label={t(`merchants.fields.${key}`)}
                required={REQUIRED.has(key)}
                value={values[key] ?? ""}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, [key]: value }));
                }}
                error={errors[key]}
                data-testid={`merchant-add-${key}`}
              />
            ))}
            <PasswordInput
              label={t("merchants.fields.password")}
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              autoComplete="new-password"
              data-testid="merchant-add-password"
            />
            <Select
              label={t("merchants.fields.settlment_type")}
              data={SETTLEMENT_TYPES.map((s) => ({ value: s, label: t(`merchants.settlementTypes.${s}`) }))}
              value={settlement}
              onChange={(v) => v && setSettlement(v as (typeof SETTLEMENT_TYPES)[number])}
              allowDeselect={false}
              required
            />
          </SimpleGrid>
          <Checkbox
            label={t("merchants.fields.is_active")}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          <Text fw={700}>{t("merchants.sections.branches")}</Text>
          {errors.branches ? (
            <Text c="red.9" size="sm">
              {errors.branches}
            </Text>
          ) : null}
          {branches.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a form being typed have no identity yet
            <Group key={i} align="flex-end" wrap="wrap">
              <TextInput
                label={t("merchants.fields.branch_name")}
                required
                value={b.branch_name}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setBranches((all) => all.map((x, j) => (j === i ? { ...x, branch_name: value } : x)));
                }}
              />
              <TextInput
                label={t("merchants.fields.branch_id")}
                required
                value={b.branch_id}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setBranches((all) => all.map((x, j) => (j === i ? { ...x, branch_id: value } : x)));
                }}
              />
              <NumberInput
                label={t("merchants.fields.no_of_terminals")}
                min={0}
                max={50}
                allowDecimal={false}
                value={b.no_of_terminals}
                onChange={(v) =>
                  setBranches((all) =>
                    all.map((x, j) => (j === i ? { ...x, no_of_terminals: Number(v) || 0 } : x)),
                  )
                }
              />
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t("merchants.add.removeBranch")}
                onClick={() => setBranches((all) => all.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              onClick={() =>
                setBranches((all) => [...all, { branch_name: "", branch_id: "", no_of_terminals: 1 }])
              }
              data-testid="merchant-add-branch"
            >
              {t("merchants.add.addBranch")}
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("transactions.actions.cancel")}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="merchant-add-submit">
              {t("merchants.add.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
