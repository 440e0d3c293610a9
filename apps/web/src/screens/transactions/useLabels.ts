import { ORIGINS, TRANSACTION_TYPES } from "@portal/domain/transaction-types";
import { useTranslation } from "react-i18next";

/** Known transaction types and origins in the user's language; anything else as the server wrote it. */
export function useLabels() {
  const { t } = useTranslation();
  return {
    trnxType: (v: string) =>
      (TRANSACTION_TYPES as readonly string[]).includes(v) ? t(`transactions.trnxTypes.${v as "auth"}`) : v,
    origin: (v: string) =>
      (ORIGINS as readonly string[]).includes(v) ? t(`transactions.origins.${v as "SDK"}`) : v,
  };
}
