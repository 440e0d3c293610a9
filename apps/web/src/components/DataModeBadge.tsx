import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The live or test data indicator of the transactions and orders screens (spec section 2). Filled in both modes
 * (white text on teal or on dark orange, 5.5:1 or more): an outline badge took the colour of the title bar
 * behind it, which partner layouts paint dark (#145A44 for the demo partner), and lost its contrast.
 */
export function DataModeBadge({ isLive }: { isLive: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="lg"
      variant="filled"
      color={isLive ? "teal.9" : "#a35200"}
      data-testid="data-mode-indicator"
      data-mode={isLive ? "live" : "test"}
    >
      {isLive ? t("transactions.dataMode.live") : t("transactions.dataMode.test")}
    </Badge>
  );
}
