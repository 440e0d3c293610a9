import { Grid, SimpleGrid } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLang } from "../../i18n/useLang.ts";
import type { Granularity } from "../../lib/periodSearch.ts";
import { formattersFor } from "./amounts.ts";
import { ChartPanel, type ChartPanelProps, type PanelSeries } from "./ChartPanel.tsx";
import { dirOfLang, seriesRows } from "./chartData.ts";
import { EmptyState } from "./QueryStates.tsx";
import { StatCard, type StatCardProps } from "./StatCard.tsx";

/**
 * The figures of a series point the home and reports charts draw (the reports answer's points have them; the
 * home answer's compact series become such points by pointsOfSeries).
 */
type PointFigures = { count: number; success_count: number; gross_amount: number; net_amount: number };
type FiguresPoint = PointFigures & {
  bucket: string;
  previous: { count: number; gross_amount: number } | null;
};

/**
 * What the home and reports figures of one currency share: the language and its direction, the currency's
 * formatters, the comparison (a dashed "previous" series when one is chosen), rows over time, and ChartPanel's
 * props for amounts (with compact axis ticks) and for counts over time.
 */
export function useFigures(
  answer: { range: { comparison_from: string | null } },
  currency: string | undefined,
  granularity: Granularity,
) {
  const { t } = useTranslation();
  const withComparison = answer.range.comparison_from !== null;
  const lang = useLang();
  const dir = dirOfLang(lang);
  const f = formattersFor(currency, lang);
  const previous: PanelSeries[] = withComparison
    ? [{ key: "previous", label: t("home.charts.previous"), color: "gray.6", dashed: true }]
    : [];
  const overTime = <P extends { bucket: string }>(
    points: readonly P[],
    pick: (point: P) => Record<string, number | null>,
  ) => seriesRows(points, granularity, lang, pick);
  return {
    f,
    withComparison,
    previous,
    /** The rows of a time series, labelled by bucket in the page language. */
    overTime,
    /** Gross and net volume over time, with the comparison's gross. */
    volumeRows: (points: readonly FiguresPoint[]) =>
      overTime(points, (p) => ({
        gross: p.gross_amount,
        net: p.net_amount,
        ...(withComparison ? { previous: p.previous?.gross_amount ?? null } : {}),
      })),
    /** The series of volumeRows: gross, net and the comparison's gross (dashed). */
    volumeSeries: [
      { key: "gross", label: t("reports.charts.gross"), color: "blue.7" },
      { key: "net", label: t("reports.charts.net"), color: "teal.7" },
      ...previous,
    ],
    /** Transactions and successful ones over time, with the comparison's count. */
    countRows: (points: readonly FiguresPoint[]) =>
      overTime(points, (p) => ({
        count: p.count,
        success: p.success_count,
        ...(withComparison ? { previous: p.previous?.count ?? null } : {}),
      })),
    /** ChartPanel's direction and value formats: amounts of the currency, or counts. */
    amounts: { dir, format: f.amount, axisFormat: f.amountAxis },
    counts: { dir, format: f.count },
    /** The category header of charts over time. */
    dates: { categoryLabel: t("home.charts.date") },
  };
}

/** The summary cards, or the empty state when the currency has none. */
export function StatCards({
  testId,
  columns,
  cards,
}: {
  testId: string;
  /** Cards per row on large screens. */
  columns: number;
  cards: StatCardProps[] | undefined;
}) {
  if (!cards) return <EmptyState />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: columns }} data-testid={testId}>
      {cards.map((card) => (
        <StatCard key={card.testId} {...card} />
      ))}
    </SimpleGrid>
  );
}

/** Charts two to a row from medium screens up, one below. */
export function ChartPairs({ charts }: { charts: ChartPanelProps[] }) {
  return (
    <Grid>
      {charts.map((chart) => (
        <Grid.Col key={chart.id} span={{ base: 12, md: 6 }}>
          <ChartPanel {...chart} />
        </Grid.Col>
      ))}
    </Grid>
  );
}
