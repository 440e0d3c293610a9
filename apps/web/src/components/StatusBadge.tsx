import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A status as an outline badge with a dark tone (text contrast of at least 4.5:1 on white and striped rows),
 * its status in data-status for tests.
 */
export function ToneBadge({
  status,
  color,
  label,
  testId,
}: {
  status: string;
  color: string;
  label: string;
  testId: string;
}) {
  return (
    <Badge variant="outline" color={color} miw="max-content" data-testid={testId} data-status={status}>
      {label}
    </Badge>
  );
}

const COLORS = { success: "teal.9", declined: "red.9", pending: "#a35200" } as const;

export function StatusBadge({ status }: { status: "success" | "declined" | "pending" }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={status}
      color={COLORS[status]}
      label={t(`transactions.status.${status}`)}
      testId="tx-status"
    />
  );
}
