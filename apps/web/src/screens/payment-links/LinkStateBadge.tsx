import type { LinkDisplayState } from "@portal/domain/api/payment-links";
import { useTranslation } from "react-i18next";
import { ToneBadge } from "../../components/StatusBadge.tsx";

const COLORS: Record<LinkDisplayState, string> = {
  paid: "teal.9",
  unpaid: "blue.9",
  expired: "#a35200",
  canceled: "red.9",
  deactivated: "gray.8",
};

export function LinkStateBadge({ state }: { state: LinkDisplayState }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={state}
      color={COLORS[state]}
      label={t(`paymentLinks.states.${state}`)}
      testId="link-state"
    />
  );
}
