import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { receiptPdfUrl, useReceipt } from "../../api/transactions.api.ts";
import { AnchorLink } from "../../components/links.tsx";
import { useLabels } from "../../i18n/useLabels.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import classes from "./ReceiptPage.module.css";

/** The printable receipt (print CSS keeps only the receipt) with a link to the server's PDF. */
export default function ReceiptPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: "/{-$lang}/app/transactions/$id/receipt" });
  const txId = Number(id);
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const query = useReceipt(txId);
  const labels = useLabels();

  return (
    <Stack gap="md">
      <Group className={classes.noPrint} justify="space-between">
        <AnchorLink to="/{-$lang}/transactions/$id" params={{ lang, id }}>
          {t("transactions.details.title", { id: txId })}
        </AnchorLink>
        <Group gap="xs">
          <Button onClick={() => window.print()} disabled={!query.data} data-testid="receipt-print">
            {t("transactions.receipt.print")}
          </Button>
          <Anchor href={receiptPdfUrl(txId, lang)} download data-testid="receipt-pdf">
            {t("transactions.receipt.pdf")}
          </Anchor>
        </Group>
      </Group>
      {query.isPending ? (
        <Skeleton height={320} maw={560} />
      ) : query.isError ? (
        <Alert color="red" className={classes.noPrint} data-testid="receipt-error">
          {t("transactions.messages.generic")}
        </Alert>
      ) : (
        <Paper withBorder p="lg" radius="md" className={classes.receipt} data-testid="receipt">
          <Title order={1} size="h3" mb="xs">
            {t("transactions.receipt.heading")}
          </Title>
          <Text fw={700} mb="md">
            {query.data.merchant_name}
          </Text>
          {(
            [
              ["transaction", query.data.transaction_id],
              ["date", dateTime(query.data.created_at)],
              ["amount", money(query.data.amount_cents, query.data.currency, lang)],
              ["status", t(`transactions.status.${query.data.status}`)],
              ["method", labels.code("gateways", query.data.type)],
              ["type", labels.trnxType(query.data.trnx_type)],
              [
                "card",
                query.data.card_number ? (
                  <bdi key="card" dir="ltr">
                    {query.data.card_number}
                  </bdi>
                ) : null,
              ],
              ["order", query.data.order_id],
              ["merchantOrder", query.data.merchant_order_id],
              ["customer", query.data.customer_name],
              ["responseCode", query.data.response_code],
            ] as const
          ).map(([key, value]) =>
            value === null || value === undefined ? null : (
              <div className={classes.row} key={key}>
                <Text size="sm" c="dimmed">
                  {t(`transactions.receipt.${key}`)}
                </Text>
                <Text size="sm" fw={500} data-testid={`receipt-${key}`}>
                  {value}
                </Text>
              </div>
            ),
          )}
        </Paper>
      )}
    </Stack>
  );
}
