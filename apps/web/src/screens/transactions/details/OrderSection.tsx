import type { TransactionDetails } from "@portal/domain/api/transactions";
import { useTranslation } from "react-i18next";
import { DetailGrid } from "../../../components/DetailGrid.tsx";
import type { Lang } from "../../../i18n/language.ts";
import { useLabels } from "../../../i18n/useLabels.ts";
import { DetailsSection, NoneText } from "./DetailsSection.tsx";
import { useFieldLabel, useFieldValues } from "./fieldValues.tsx";

/** The order the transaction pays. */
export function OrderSection({ order, lang }: { order: TransactionDetails["order"]; lang: Lang }) {
  const { t } = useTranslation();
  const v = useFieldValues(lang);
  const labels = useLabels();
  const f = useFieldLabel();
  return (
    <DetailsSection value="order" title={t("transactions.details.sections.order")}>
      {order ? (
        <DetailGrid
          items={[
            { key: "order_id", label: f("order_id"), value: order.id },
            { key: "merchant_order_id", label: f("merchant_order_id"), value: order.merchant_order_id },
            {
              key: "order_amount",
              label: f("order_amount"),
              value: v.amount(order.amount_cents, order.currency),
            },
            {
              key: "paid_amount",
              label: f("paid_amount"),
              value: v.amount(order.paid_amount_cents, order.currency),
            },
            { key: "status", label: f("status"), value: t(`orders.status.${order.status}`) },
            { key: "created_at", label: f("created_at"), value: v.date(order.created_at) },
            { key: "created_by", label: f("created_by"), value: order.created_by },
            { key: "source", label: f("source"), value: order.source && labels.origin(order.source) },
            { key: "delivery_needed", label: f("delivery_needed"), value: v.yesNo(order.delivery_needed) },
            { key: "collector", label: f("collector"), value: order.collector },
          ]}
        />
      ) : (
        <NoneText />
      )}
    </DetailsSection>
  );
}
