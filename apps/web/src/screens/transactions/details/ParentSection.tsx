import type { TransactionDetails } from "@portal/domain/api/transactions";
import { useTranslation } from "react-i18next";
import { DetailGrid } from "../../../components/DetailGrid.tsx";
import { AnchorLink } from "../../../components/links.tsx";
import type { Lang } from "../../../i18n/language.ts";
import { useLabels } from "../../../i18n/useLabels.ts";
import { DetailsSection, NoneText } from "./DetailsSection.tsx";
import { useFieldLabel, useFieldValues } from "./fieldValues.tsx";

const PARENT_FLAGS = [
  "is_3d_secure",
  "pending",
  "is_refunded",
  "is_auth",
  "is_capture",
  "is_voided",
  "is_standalone",
] as const;

/** The transaction this one refunds, voids or captures, with a link to it. */
export function ParentSection({ details, lang }: { details: TransactionDetails; lang: Lang }) {
  const { t } = useTranslation();
  const v = useFieldValues(lang);
  const labels = useLabels();
  const f = useFieldLabel();
  const parent = details.parent;
  const currency = details.transaction.currency;
  return (
    <DetailsSection value="parent" title={t("transactions.details.sections.parent")}>
      {parent ? (
        <DetailGrid
          items={[
            {
              key: "id",
              label: f("id"),
              value: (
                <AnchorLink to="/{-$lang}/transactions/$id" params={{ lang, id: String(parent.id) }}>
                  {parent.id}
                </AnchorLink>
              ),
            },
            { key: "amount", label: f("amount"), value: v.amount(parent.amount_cents, currency) },
            { key: "created_at", label: f("created_at"), value: v.date(parent.created_at) },
            { key: "origin", label: f("origin"), value: labels.origin(parent.origin) },
            { key: "integration_id", label: f("integration_id"), value: parent.integration_id },
            {
              key: "refunded_amount",
              label: f("refunded_amount"),
              value: v.amount(parent.refunded_amount_cents, currency),
            },
            ...PARENT_FLAGS.map((key) => ({ key, label: f(key), value: v.yesNo(parent[key] ?? false) })),
          ]}
        />
      ) : (
        <NoneText />
      )}
    </DetailsSection>
  );
}
