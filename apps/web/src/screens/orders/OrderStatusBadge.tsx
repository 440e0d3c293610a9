import { Badge } from "@mantine/core";
import type { OrderDisplayStatus } from "@portal/domain/orders";
import { useTranslation } from "react-i18next";

const COLORS: Record<OrderDisplayStatus, string> = { PAID: "teal.9", UNPAID: "#a35200", CANCELED: "gray.8" };

export function OrderStatusBadge({ status }: { status: OrderDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      color={COLORS[status]}
      miw="max-content"
      data-testid="order-status"
      data-status={status}
    >
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
