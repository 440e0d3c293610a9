import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLORS = { success: "teal", declined: "red", pending: "yellow" } as const;

export function StatusBadge({ status }: { status: "success" | "declined" | "pending" }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={COLORS[status]}
      c={`${COLORS[status]}.9`}
      miw="max-content"
      data-testid="tx-status"
      data-status={status}
    >
      {t(`transactions.status.${status}`)}
    </Badge>
  );
}
