import type { MerchantListItem, MerchantProduct, ProductApprovalStatus } from "@portal/domain/api/merchants";
import { useTranslation } from "react-i18next";
import { ToneBadge } from "../../components/StatusBadge.tsx";

const STATUS_COLORS = {
  approved: "teal.9",
  pending: "#a35200",
  rejected: "red.9",
  deactivated: "gray.8",
} as const;

/** bank_merchant_status and digital_status as outline badges (dark tones: 4.5:1 on white). */
export function MerchantStatusBadge({
  status,
  digital = false,
}: {
  status: MerchantListItem["bank_merchant_status"];
  digital?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={status}
      color={STATUS_COLORS[status]}
      label={t(`merchants.status.${status}`)}
      testId={digital ? "merchant-digital-status" : "merchant-status"}
    />
  );
}

export function SuspiciousBadge({ value }: { value: MerchantListItem["suspicious"] }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={value}
      color={value === "yes" ? "red.9" : value === "no" ? "teal.9" : "gray.8"}
      label={t(`merchants.suspicious.${value}`)}
      testId="merchant-suspicious"
    />
  );
}

/** card_approval_status and QR_approval_status (pending, approved, rejected) in the same tones. */
export function ProductApprovalBadge({
  product,
  status,
}: {
  product: MerchantProduct;
  status: ProductApprovalStatus;
}) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      status={status}
      color={STATUS_COLORS[status]}
      label={t(`merchants.status.${status}`)}
      testId={`merchant-${product}-approval`}
    />
  );
}
