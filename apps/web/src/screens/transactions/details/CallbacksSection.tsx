import { Badge, Table, Text } from "@mantine/core";
import type { TransactionDetails } from "@portal/domain/api/transactions";
import { useTranslation } from "react-i18next";
import { useLabels } from "../../../i18n/useLabels.ts";
import { useDateFormat } from "../../../lib/useDateFormat.ts";
import { DetailsSection } from "./DetailsSection.tsx";

/** The callbacks sent for the transaction: every attempt, its address and what the receiver answered. */
export function CallbacksSection({ callbacks }: { callbacks: TransactionDetails["callbacks"] }) {
  const { t } = useTranslation();
  return (
    <DetailsSection value="callbacks" title={t("transactions.details.sections.callbacks")}>
      <CallbackLog callbacks={callbacks} />
    </DetailsSection>
  );
}

function CallbackLog({ callbacks }: { callbacks: TransactionDetails["callbacks"] }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const labels = useLabels();
  if (!callbacks.length) return <Text c="dimmed">{t("transactions.details.callbacks.empty")}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="callback-log" aria-label={t("transactions.details.sections.callbacks")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("transactions.details.callbacks.attempt")}</Table.Th>
            <Table.Th>{t("transactions.details.callbacks.kind")}</Table.Th>
            <Table.Th>{t("transactions.details.callbacks.when")}</Table.Th>
            <Table.Th>{t("transactions.details.callbacks.url")}</Table.Th>
            <Table.Th>{t("transactions.details.callbacks.result")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {callbacks.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.attempt}</Table.Td>
              <Table.Td>{labels.code("callbackKinds", c.kind)}</Table.Td>
              <Table.Td>{dateTime(c.attempted_at)}</Table.Td>
              <Table.Td>
                <bdi dir="ltr">{c.url}</bdi>
              </Table.Td>
              <Table.Td>
                <Badge color={c.success ? "teal.9" : "red.9"} variant="outline">
                  {c.success
                    ? t("transactions.details.callbacks.delivered")
                    : t("transactions.details.callbacks.failed")}
                  {c.status_code ? ` (${c.status_code})` : ""}
                </Badge>
                {c.error ? (
                  <Text size="xs" c="dimmed">
                    {c.error}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
