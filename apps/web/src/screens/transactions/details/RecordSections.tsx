import type { TransactionDetails } from "@portal/domain/api/transactions";
import { useTranslation } from "react-i18next";
import { DetailGrid } from "../../../components/DetailGrid.tsx";
import { DetailsSection, NoneText } from "./DetailsSection.tsx";
import { recordItems } from "./fieldValues.tsx";

/** The label of a key of a free-form block, or the key itself when the catalogues do not know it. */
function useKeyLabel(): (key: string) => string {
  const { t, i18n } = useTranslation();
  return (key) => {
    const k = `transactions.details.keys.${key}`;
    return i18n.exists(k) ? t(k as "transactions.details.keys.id") : key;
  };
}

/** Shipping, then billing: free-form blocks of the order, each key with its label. */
export function AddressSections({ details }: { details: Pick<TransactionDetails, "shipping" | "billing"> }) {
  const { t } = useTranslation();
  const keyLabel = useKeyLabel();
  return (["shipping", "billing"] as const).map((part) => {
    const record = details[part];
    return (
      <DetailsSection key={part} value={part} title={t(`transactions.details.sections.${part}`)}>
        {record && Object.keys(record).length ? (
          <DetailGrid items={recordItems(record, keyLabel)} />
        ) : (
          <NoneText />
        )}
      </DetailsSection>
    );
  });
}

/** A section per financing provider's block (valU, ...), titled with the provider's name. */
export function FinancingSections({ financing }: { financing: TransactionDetails["financing"] }) {
  const { t, i18n } = useTranslation();
  const keyLabel = useKeyLabel();
  return Object.entries(financing).map(([key, block]) => {
    const titleKey = `transactions.details.financing.${key}`;
    return (
      <DetailsSection
        key={`financing-${key}`}
        value={`financing-${key}`}
        title={i18n.exists(titleKey) ? t(titleKey as "transactions.details.financing.valu") : key}
      >
        <DetailGrid items={recordItems(block, keyLabel)} />
      </DetailsSection>
    );
  });
}
