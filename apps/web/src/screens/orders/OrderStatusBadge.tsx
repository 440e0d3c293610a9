import type { OrderDisplayStatus } from "@portal/domain/orders";
import { useTranslation } from "react-i18next";
import { ToneBadge } from "../../components/StatusBadge.tsx";

const COLORS: Record<OrderDisplayStatus, string> = { PAID: "teal.9", UNPAID: "#a35200", CANCELED: "gray.8" };

export function OrderStatusBadge({ status }: { status: OrderDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={status}
      color={COLORS[status]}
      label={t(`orders.status.${status}`)}
      testId="order-status"
    />
  );
}
