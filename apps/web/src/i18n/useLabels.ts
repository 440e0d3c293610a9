import { riskDeclineCode } from "@portal/domain/risk";
import { ORIGINS, TRANSACTION_TYPES } from "@portal/domain/transaction-types";
import { useTranslation } from "react-i18next";

/** The groups of codes the server sends that have labels in the catalogues (section "codes" of en and ar). */
export type CodeGroup =
  | "gateways"
  | "channels"
  | "cardTypes"
  | "schemes"
  | "responseCodes"
  | "messages"
  | "callbackKinds"
  | "onboarding";

/**
 * Codes shown to a person in the user's language: transaction types, origins, and every group of `codes`
 * (gateways, channels, card types and schemes, response codes and messages, callback kinds, onboarding states).
 * Brand names keep their Latin spelling, written properly (Mastercard, valU). A value the catalogues do not know
 * is shown as the server wrote it.
 */
export function useLabels() {
  const { t, i18n } = useTranslation();
  const code = (group: CodeGroup, v: string | null | undefined): string | null => {
    if (v === null || v === undefined || v === "") return null;
    // A risk center decline (docs/pos-risk.md "Risk") reads in the user's language.
    const risk = group === "messages" ? riskDeclineCode(v) : undefined;
    if (risk) return t(`risk.declines.${risk}`);
    const key = `codes.${group}.${v}`;
    // Keys are typed; these are looked up at run time, so ask whether one exists first.
    return i18n.exists(key) ? t(key as "codes.gateways.VPC") : v;
  };
  return {
    trnxType: (v: string) =>
      (TRANSACTION_TYPES as readonly string[]).includes(v) ? t(`transactions.trnxTypes.${v as "auth"}`) : v,
    origin: (v: string) =>
      (ORIGINS as readonly string[]).includes(v) ? t(`transactions.origins.${v as "SDK"}`) : v,
    code,
  };
}
