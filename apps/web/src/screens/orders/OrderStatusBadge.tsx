import { Badge } from "@mantine/core";
import type { OrderDisplayStatus } from "@portal/domain/orders";
import { useTranslation } from "react-i18next";

const COLORS: Record<OrderDisplayStatus, string> = { PAID: "teal", UNPAID: "yellow", CANCELED: "gray" };

export function OrderStatusBadge({ status }: { status: OrderDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={COLORS[status]}
      c={`${COLORS[status]}.9`}
      miw="max-content"
      data-testid="order-status"
      data-status={status}
    >
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
