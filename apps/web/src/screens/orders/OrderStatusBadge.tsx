import { Badge } from "@mantine/core";
import type { OrderDisplayStatus } from "@portal/domain/orders";
import { useTranslation } from "react-i18next";

const COLORS: Record<OrderDisplayStatus, string> = { PAID: "teal.9", UNPAID: "yellow.9", CANCELED: "gray.8" };

export function OrderStatusBadge({ status }: { status: OrderDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} data-testid="order-status" data-status={status}>
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
