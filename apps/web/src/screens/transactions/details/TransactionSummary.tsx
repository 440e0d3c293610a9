import { Badge, Group, Text } from "@mantine/core";
import type { TransactionDetails } from "@portal/domain/api/transactions";
import { useTranslation } from "react-i18next";
import { DataModeBadge } from "../../../components/DataModeBadge.tsx";
import { AnchorLink } from "../../../components/links.tsx";
import { PageTitle } from "../../../components/PageTitle.tsx";
import { StatusBadge } from "../../../components/StatusBadge.tsx";
import type { Lang } from "../../../i18n/language.ts";
import { money } from "../../../lib/money.ts";
import { useFieldLabel } from "./fieldValues.tsx";

/** The page's head: title with live/test, the way back to the list, the amount, the status and what happened. */
export function TransactionSummary({ tx, lang }: { tx: TransactionDetails["transaction"]; lang: Lang }) {
  const { t } = useTranslation();
  const f = useFieldLabel();
  return (
    <>
      <PageTitle title={t("transactions.details.title", { id: tx.id })}>
        <DataModeBadge isLive={tx.is_live} />
      </PageTitle>
      <Group justify="space-between" wrap="wrap">
        <AnchorLink to="/{-$lang}/transactions" params={{ lang }} data-testid="tx-back">
          {t("transactions.details.back")}
        </AnchorLink>
        <Group gap="xs">
          <Text fw={700} size="lg" data-testid="tx-amount">
            {money(tx.amount_cents, tx.currency, lang)}
          </Text>
          <StatusBadge status={tx.status} />
          {tx.is_refunded ? <Badge variant="outline">{f("is_refunded")}</Badge> : null}
          {tx.is_voided ? <Badge variant="outline">{f("is_voided")}</Badge> : null}
          {tx.is_captured ? <Badge variant="outline">{f("is_captured")}</Badge> : null}
        </Group>
      </Group>
    </>
  );
}
