import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLORS = { success: "teal.9", declined: "red.9", pending: "yellow.9" } as const;

export function StatusBadge({ status }: { status: "success" | "declined" | "pending" }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} data-testid="tx-status" data-status={status}>
      {t(`transactions.status.${status}`)}
    </Badge>
  );
}
