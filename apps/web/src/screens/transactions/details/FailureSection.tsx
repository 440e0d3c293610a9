import type { TransactionDetails } from "@portal/domain/api/transactions";
import { useTranslation } from "react-i18next";
import { DetailGrid } from "../../../components/DetailGrid.tsx";
import type { Lang } from "../../../i18n/language.ts";
import { useLabels } from "../../../i18n/useLabels.ts";
import { DetailsSection } from "./DetailsSection.tsx";
import { useFieldLabel, useFieldValues } from "./fieldValues.tsx";

/** Why a payment failed: the reason, the gateway's and the acquirer's response codes, the message. */
export function FailureSection({ error, lang }: { error: TransactionDetails["error"]; lang: Lang }) {
  const { t } = useTranslation();
  const v = useFieldValues(lang);
  const labels = useLabels();
  const f = useFieldLabel();
  const response = labels.code("responseCodes", error.txn_response_code);
  return (
    <DetailsSection value="error" title={t("transactions.details.sections.error")}>
      <DetailGrid
        items={[
          {
            key: "failure_reason",
            label: f("failure_reason"),
            value: labels.code("messages", error.failure_reason),
          },
          {
            key: "txn_response_code",
            label: f("txn_response_code"),
            // A known code (APPROVED, DECLINED, ...) in words; any other as written, left to right.
            value: response === error.txn_response_code ? v.ltr(error.txn_response_code) : response,
          },
          { key: "acq_response_code", label: f("acq_response_code"), value: v.ltr(error.acq_response_code) },
          { key: "message", label: f("message"), value: labels.code("messages", error.message) },
        ]}
      />
    </DetailsSection>
  );
}
