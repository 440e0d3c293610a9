import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { PeriodState } from "../../lib/periodSearch.ts";
import classes from "../PageTitle.module.css";
import { selectedCurrency } from "./chartData.ts";
import { PeriodControls } from "./PeriodControls.tsx";
import { AnalyticsError, AnalyticsSkeleton } from "./QueryStates.tsx";

/** What both analytics screens get from their query hook (TanStack Query's result, narrowed). */
interface AnalyticsQuery<A> {
  data: A | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The page shell the home and reports screens share: title, period controls, then the figures of one currency,
 * with a skeleton while the first answer loads and an error with Retry (above stale figures when there are any).
 */
type Range = Parameters<typeof PeriodControls>[0]["range"];

export function AnalyticsPage<A extends { currencies: string[]; range: Range }>({
  testId,
  title,
  state,
  onChange,
  query,
  skeletonCards,
  beforeControls,
  figures,
}: {
  testId: string;
  title: string;
  state: PeriodState;
  onChange: (patch: Partial<PeriodState>) => void;
  query: AnalyticsQuery<A>;
  skeletonCards: number;
  beforeControls?: ReactNode;
  figures: (answer: A, currency: string | undefined) => ReactNode;
}) {
  const answer = query.data;
  const currency = answer ? selectedCurrency(answer.currencies, state.currency) : undefined;
  const retry = () => void query.refetch();
  return (
    <Stack gap="lg" data-testid={testId} aria-busy={query.isFetching}>
      <div className={classes.titleBar}>
        <Title order={1} size="h2" className={classes.title}>
          {title}
        </Title>
      </div>
      {beforeControls}
      <PeriodControls
        state={state}
        onChange={onChange}
        currencies={answer?.currencies ?? []}
        currency={currency}
        range={answer?.range}
      />
      {query.isError && !answer ? (
        <AnalyticsError error={query.error} onRetry={retry} />
      ) : !answer ? (
        <AnalyticsSkeleton cards={skeletonCards} />
      ) : (
        <>
          {query.isError ? <AnalyticsError error={query.error} onRetry={retry} /> : null}
          {figures(answer, currency)}
        </>
      )}
    </Stack>
  );
}
