import { Text } from "@mantine/core";
import type { TransactionDetails } from "@portal/domain/api/transactions";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DetailGrid } from "../../../components/DetailGrid.tsx";
import { StatusBadge } from "../../../components/StatusBadge.tsx";
import type { Lang } from "../../../i18n/language.ts";
import { useLabels } from "../../../i18n/useLabels.ts";
import { DetailsSection } from "./DetailsSection.tsx";
import { type FieldValues, useFieldLabel, useFieldValues } from "./fieldValues.tsx";

type Tx = TransactionDetails["transaction"];
type Labels = ReturnType<typeof useLabels>;
/** A field of the transaction: its key (label and data-testid field-<key>) and how its value is written. */
type Field = [key: string, value: (tx: Tx, v: FieldValues, labels: Labels) => ReactNode];

const FLAGS = [
  "is_voided",
  "is_refunded",
  "is_captured",
  "is_auth",
  "is_3d_secure",
  "is_standalone",
  "is_installment",
  "is_discounted",
  "is_split_paid",
  "is_live",
  "pending",
  "success",
] as const;

/** Every field of spec section 3's transaction block, in the spec's order. */
const FIELDS: Field[] = [
  ["id", (tx) => tx.id],
  ["type", (tx, _v, l) => l.code("gateways", tx.type)],
  ["amount", (tx, v) => v.amount(tx.amount_cents, tx.currency)],
  ["trnx_type", (tx, _v, l) => l.trnxType(tx.trnx_type)],
  ["status", (tx) => <StatusBadge status={tx.status} />],
  ["created_at", (tx, v) => v.date(tx.created_at)],
  ["updated_at", (tx, v) => v.date(tx.updated_at)],
  ["order_id", (tx) => tx.order_id],
  ["origin", (tx, _v, l) => l.origin(tx.origin)],
  ["channel", (tx, _v, l) => l.code("channels", tx.channel)],
  ["other_references", (tx, v) => v.ltr(tx.other_references)],
  ["merchant_txn_ref", (tx, v) => v.ltr(tx.merchant_txn_ref)],
  ["integration_id", (tx) => tx.integration_id],
  ["created_by", (tx) => tx.created_by],
  ["tip_amount", (tx, v) => v.amount(tx.tip_amount_cents, tx.currency)],
  ["captured_amount", (tx, v) => v.amount(tx.captured_amount_cents, tx.currency)],
  ["refunded_amount", (tx, v) => v.amount(tx.refunded_amount_cents, tx.currency)],
  ["converted_amount", (tx, v) => v.amount(tx.converted_amount_cents, tx.currency)],
  ["fees_cents", (tx, v) => v.cents(tx.fees_cents)],
  ["vat_cents", (tx, v) => v.cents(tx.vat_cents)],
  ["commission_cents", (tx, v) => v.cents(tx.commission_cents)],
  ["routing_bank", (tx) => tx.routing_bank],
  ["card_holder_bank", (tx) => tx.card_holder_bank],
  ["card_type", (tx, _v, l) => l.code("cardTypes", tx.card_type)],
  ["card_sub_type", (tx, _v, l) => l.code("schemes", tx.card_sub_type)],
  ["issuing_country", (tx) => tx.issuing_country],
  ["scheme", (tx, _v, l) => l.code("schemes", tx.scheme)],
  ["card_number", (tx, v) => v.ltr(tx.card_number)],
  ["wallet_msisdn", (tx, v) => v.ltr(tx.wallet_msisdn)],
  ["merchant_staff_tag", (tx) => tx.merchant_staff_tag],
  ["original_amount", (tx, v) => v.amount(tx.original_amount_cents, tx.currency)],
  ["discounted_amount", (tx, v) => v.amount(tx.discounted_amount_cents, tx.currency)],
  ["amount_after_discount", (tx, v) => v.amount(tx.amount_after_discount_cents, tx.currency)],
  ["exchange_rate", (tx) => tx.exchange_rate],
  ["margin_rate", (tx) => tx.margin_rate],
  ["currency", (tx) => tx.currency],
  ["order_amount", (tx, v) => v.amount(tx.order_amount_cents, tx.currency)],
  ["convenience_fee", (tx, v) => v.amount(tx.convenience_fee_cents, tx.currency)],
  ...FLAGS.map((key): Field => [key, (tx, v) => v.yesNo(tx[key])]),
];

/** The transaction's own fields (amounts formatted, fees in cents, codes in words). */
export function TransactionSection({ tx, lang }: { tx: Tx; lang: Lang }) {
  const { t } = useTranslation();
  const v = useFieldValues(lang);
  const labels = useLabels();
  const label = useFieldLabel();
  return (
    <DetailsSection value="transaction" title={t("transactions.details.sections.transaction")}>
      <Text size="xs" c="dimmed" mb="xs">
        {t("transactions.details.centsNote")}
      </Text>
      <DetailGrid
        items={FIELDS.map(([key, value]) => ({ key, label: label(key), value: value(tx, v, labels) }))}
        testId="tx-fields"
      />
    </DetailsSection>
  );
}
