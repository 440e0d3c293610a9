import { Group, Radio, Select, Stack, TextInput } from "@mantine/core";
import { banksOf, SETTLEMENT_METHOD_LABELS, SETTLEMENT_METHODS } from "@portal/domain/activation";
import { useTranslation } from "react-i18next";
import { useDashboard } from "../../layouts/useDashboard.ts";
import type { StepProps } from "./stepProps.ts";

/**
 * Settlements: a bank account (bank of the merchant's country, account name, account number, IBAN with its hint)
 * or a wallet (phone number); the rules are the merchant's country's (IBAN length, wallet numbers).
 */
export function SettlementsStep({ form, set, error, application }: StepProps) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  return (
    <Stack gap="md" maw={560}>
      <Radio.Group
        label={t("activation.settlements.method")}
        value={form.settlement_method}
        onChange={(value) => set("settlement_method", value)}
        error={error("settlement_method")}
        withAsterisk
        data-testid="activation-settlement-method"
      >
        <Group mt="xs">
          {SETTLEMENT_METHODS.map((method) => (
            <Radio
              key={method}
              value={method}
              label={SETTLEMENT_METHOD_LABELS[method][lang]}
              data-testid={`activation-settlement-${method}`}
            />
          ))}
        </Group>
      </Radio.Group>
      {form.settlement_method === "wallet" ? (
        <TextInput
          label={t("activation.settlements.walletPhone")}
          description={t("activation.settlements.walletPhoneHint")}
          value={form.wallet_phone}
          onChange={(e) => set("wallet_phone", e.currentTarget.value)}
          maxLength={40}
          type="tel"
          dir="ltr"
          error={error("wallet_phone")}
          withAsterisk
          data-testid="activation-wallet-phone"
        />
      ) : (
        <>
          <Select
            label={t("activation.settlements.bank")}
            placeholder={t("activation.settlements.bankPlaceholder")}
            data={banksOf(application.country).map((b) => ({ value: b.code, label: b[lang] }))}
            value={form.bank || null}
            onChange={(value) => set("bank", value ?? "")}
            searchable
            nothingFoundMessage={t("activation.noOptions")}
            error={error("bank")}
            withAsterisk
            data-testid="activation-bank"
          />
          <TextInput
            label={t("activation.settlements.accountName")}
            description={t("activation.settlements.accountNameHint")}
            value={form.account_name}
            onChange={(e) => set("account_name", e.currentTarget.value)}
            maxLength={200}
            dir="ltr"
            error={error("account_name")}
            withAsterisk
            data-testid="activation-account-name"
          />
          <TextInput
            label={t("activation.settlements.accountNumber")}
            value={form.account_number}
            onChange={(e) => set("account_number", e.currentTarget.value)}
            maxLength={100}
            inputMode="numeric"
            dir="ltr"
            error={error("account_number")}
            withAsterisk
            data-testid="activation-account-number"
          />
          <TextInput
            label={t("activation.settlements.iban")}
            description={t("activation.settlements.ibanHint")}
            value={form.iban}
            onChange={(e) => set("iban", e.currentTarget.value)}
            maxLength={100}
            dir="ltr"
            error={error("iban")}
            withAsterisk
            data-testid="activation-iban"
          />
        </>
      )}
    </Stack>
  );
}
