import type { TransferStatus } from "@portal/domain/transfer";
import { useTranslation } from "react-i18next";
import { ToneBadge } from "../../components/StatusBadge.tsx";

const COLORS: Record<TransferStatus, string> = {
  Pending: "#a35200",
  Approved: "blue.9",
  Transferred: "indigo.9",
  Successful: "teal.9",
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={status}
      color={COLORS[status]}
      label={t(`transfers.status.${status}`)}
      testId="transfer-status"
    />
  );
}
