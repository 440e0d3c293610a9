import { Accordion, Skeleton, Stack } from "@mantine/core";
import { useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useTransactionDetails } from "../../api/transactions.api.ts";
import { DetailsError } from "../../components/DetailsError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useViewMode, viewpointOf } from "../../live/viewpoint.ts";
import { ActionsBar } from "./details/ActionsBar.tsx";
import { CallbacksSection } from "./details/CallbacksSection.tsx";
import { FailureSection } from "./details/FailureSection.tsx";
import { OrderSection } from "./details/OrderSection.tsx";
import { ParentSection } from "./details/ParentSection.tsx";
import { AddressSections, FinancingSections } from "./details/RecordSections.tsx";
import { TransactionSection } from "./details/TransactionSection.tsx";
import { TransactionSummary } from "./details/TransactionSummary.tsx";

/**
 * The details page (spec section 3): the summary, the actions (merchant view), then collapsible sections with
 * every field, the callback log last. Each part is a file of details/.
 */
export default function TransactionDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: "/{-$lang}/app/transactions/$id" });
  const txId = Number(id);
  const { lang, session } = useDashboard();
  const view = viewpointOf(session.type);
  const { isLive } = useViewMode(view);
  const query = useTransactionDetails(view, txId, isLive);

  if (query.isPending) {
    return (
      <Stack data-testid="tx-details-loading">
        <Skeleton height={40} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <DetailsError
        title={t("transactions.details.title", { id: txId })}
        testId="tx-details-error"
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        <AnchorLink to="/{-$lang}/transactions" params={{ lang }}>
          {t("transactions.details.back")}
        </AnchorLink>
      </DetailsError>
    );
  }

  const d = query.data;
  const tx = d.transaction;
  return (
    <Stack gap="lg" data-testid="tx-details" data-tx-id={tx.id}>
      <TransactionSummary tx={tx} lang={lang} />
      {view === "merchant" ? (
        <ActionsBar
          details={d}
          lang={lang}
          merchantView={view === "merchant"}
          permNames={session.permNames}
          partner={session.type === "Partner"}
        />
      ) : null}
      <Accordion
        multiple
        variant="separated"
        defaultValue={["transaction", "order", "error"]}
        chevronPosition="right"
      >
        <TransactionSection tx={tx} lang={lang} />
        <OrderSection order={d.order} lang={lang} />
        <AddressSections details={d} />
        <FinancingSections financing={d.financing} />
        <ParentSection details={d} lang={lang} />
        <FailureSection error={d.error} lang={lang} />
        <CallbacksSection callbacks={d.callbacks} />
      </Accordion>
    </Stack>
  );
}
