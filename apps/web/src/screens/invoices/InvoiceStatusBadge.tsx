import type { InvoiceDisplayStatus } from "@portal/domain/api/invoices";
import { useTranslation } from "react-i18next";
import { ToneBadge } from "../../components/StatusBadge.tsx";

const COLORS: Record<InvoiceDisplayStatus, string> = {
  paid: "teal.9",
  unpaid: "#a35200",
  expired: "red.9",
  canceled: "gray.8",
  deactivated: "gray.8",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={status}
      color={COLORS[status]}
      label={t(`invoices.status.${status}`)}
      testId="invoice-status"
    />
  );
}
