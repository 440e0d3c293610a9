import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useTransferBalance } from "../../api/transfers.api.ts";
import type { Lang } from "../../i18n/language.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";

/**
 * The balance header (back-office.md "Transfers"): the bank account the transfers are paid to ('There is no bank
 * account.' without one) and, per currency, net, gross, fees, VAT and subscriptions; Update balance reads them again.
 */
export function TransferBalance({ isLive, lang }: { isLive: boolean; lang: Lang }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const balance = useTransferBalance(isLive);
  const d = balance.data;
  return (
    <Paper
      p="md"
      radius="lg"
      withBorder
      data-testid="transfer-balance"
      aria-labelledby="transfer-balance-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="transfer-balance-title">
            {t("transfers.balance.title")}
          </Title>
          <Button
            variant="light"
            onClick={() => void balance.refetch()}
            loading={balance.isFetching}
            data-testid="update-balance"
          >
            {t("transfers.balance.update")}
          </Button>
        </Group>
        {balance.isPending ? (
          <Skeleton height={80} />
        ) : balance.isError || !d ? (
          <Alert color="red" variant="light" data-testid="transfer-balance-error">
            <Group justify="space-between">
              <Text size="sm">{t("transfers.balance.error")}</Text>
              <Button size="xs" variant="outline" onClick={() => void balance.refetch()}>
                {t("transfers.retry")}
              </Button>
            </Group>
          </Alert>
        ) : (
          <>
            {d.has_bank_account ? (
              <Text size="sm" data-testid="bank-account">
                {t("transfers.balance.account")}: {d.bank_name ? `${d.bank_name} ` : ""}
                <bdi dir="ltr">{d.bank_account}</bdi>
              </Text>
            ) : (
              <Alert color="yellow" variant="light" data-testid="no-bank-account">
                {t("transfers.noBankAccount")}
              </Alert>
            )}
            {d.currencies.length === 0 ? (
              <Text c="dimmed" size="sm" data-testid="balance-empty">
                {t("transfers.balance.empty")}
              </Text>
            ) : (
              d.currencies.map((c) => (
                <SimpleGrid
                  key={c.currency}
                  cols={{ base: 2, sm: 3, lg: 5 }}
                  data-testid="balance-currency"
                  data-currency={c.currency}
                >
                  {(
                    [
                      ["net", c.net_cents],
                      ["gross", c.gross_cents],
                      ["fees", c.fees_cents],
                      ["vat", c.vat_cents],
                      ["subscriptions", c.subscriptions_cents],
                    ] as const
                  ).map(([key, value]) => (
                    <Paper key={key} withBorder p="sm" radius="md" data-testid={`balance-${key}`}>
                      <Text size="sm" c="dimmed">
                        {t(`transfers.balance.${key}`)}
                      </Text>
                      <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }}>
                        {money(value, c.currency, lang)}
                      </Text>
                    </Paper>
                  ))}
                </SimpleGrid>
              ))
            )}
            <Text size="xs" c="dimmed">
              {t("transfers.balance.updatedAt", { at: dateTime(d.updated_at) })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
