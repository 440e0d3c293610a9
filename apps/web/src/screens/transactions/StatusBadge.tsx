import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Outline badges with dark tones: text contrast of at least 4.5:1 on white and striped rows. */
const COLORS = { success: "teal.9", declined: "red.9", pending: "#a35200" } as const;

export function StatusBadge({ status }: { status: "success" | "declined" | "pending" }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      color={COLORS[status]}
      miw="max-content"
      data-testid="tx-status"
      data-status={status}
    >
      {t(`transactions.status.${status}`)}
    </Badge>
  );
}
