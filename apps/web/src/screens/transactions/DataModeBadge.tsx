import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The live or test data indicator of the transactions and orders screens (spec section 2). */
export function DataModeBadge({ isLive }: { isLive: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="lg"
      variant={isLive ? "filled" : "outline"}
      color={isLive ? "teal.9" : "#a35200"}
      data-testid="data-mode-indicator"
      data-mode={isLive ? "live" : "test"}
    >
      {isLive ? t("transactions.dataMode.live") : t("transactions.dataMode.test")}
    </Badge>
  );
}
