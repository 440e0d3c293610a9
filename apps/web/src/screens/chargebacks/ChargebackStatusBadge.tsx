import type { ChargebackStatus } from "@portal/domain/api/chargebacks";
import { useTranslation } from "react-i18next";
import { ToneBadge } from "../../components/StatusBadge.tsx";

/** Dark tones: text contrast of at least 4.5:1 on white and on striped rows. */
const COLORS: Record<ChargebackStatus, string> = {
  open: "#a35200",
  under_review: "blue.9",
  won: "teal.9",
  lost: "red.9",
};

export function ChargebackStatusBadge({ status }: { status: ChargebackStatus }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={status}
      color={COLORS[status]}
      label={t(`chargebacks.statuses.${status}`)}
      testId="chargeback-status"
    />
  );
}
