import type { RequestState } from "@portal/domain/api/request-to-pay";
import { useTranslation } from "react-i18next";
import { ToneBadge } from "../../components/StatusBadge.tsx";

const COLORS: Record<RequestState, string> = {
  created: "gray.8",
  sent: "blue.9",
  paid: "teal.9",
  expired: "#a35200",
  cancelled: "red.9",
};

export function RequestStateBadge({ state }: { state: RequestState }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={state}
      color={COLORS[state]}
      label={t(`requestToPay.states.${state}`)}
      testId="request-state"
    />
  );
}
