import { Stack } from "@mantine/core";
import { NO_BRANCH_KEY, type ReportsAnswer } from "@portal/domain/analytics-api";
import { useTranslation } from "react-i18next";
import { useReportsAnalytics } from "../../api/analytics.api.ts";
import { AnalyticsPage } from "../../components/analytics/AnalyticsPage.tsx";
import { ChartPanel, type ChartPanelProps } from "../../components/analytics/ChartPanel.tsx";
import { customerPointsOf, ofCurrency, reportPointsOf } from "../../components/analytics/chartData.ts";
import { ChartPairs, StatCards, useFigures } from "../../components/analytics/Figures.tsx";
import { usePeriodState } from "../../components/analytics/usePeriodState.ts";
import { ReportTabs } from "../../components/ReportTabs.tsx";
import type { PeriodState } from "../../lib/periodSearch.ts";
import { methodKey } from "./methods.ts";

/** Reports overview (merchant-dashboard.md sections 2 and 3): cards and chart areas of one currency at a time. */
export default function ReportsScreen() {
  const { t } = useTranslation();
  const [state, setState] = usePeriodState();
  const query = useReportsAnalytics(state);
  return (
    <>
      <ReportTabs active="overview" />
      <AnalyticsPage
        testId="reports-screen"
        title={t("nav.reports")}
        state={state}
        onChange={setState}
        query={query}
        skeletonCards={8}
        figures={(answer, currency) => <ReportFigures answer={answer} currency={currency} state={state} />}
      />
    </>
  );
}

function ReportFigures({
  answer,
  currency,
  state,
}: {
  answer: ReportsAnswer;
  currency: string | undefined;
  state: PeriodState;
}) {
  const { t } = useTranslation();
  const {
    f,
    withComparison,
    previous,
    overTime,
    volumeRows,
    volumeSeries,
    countRows,
    amounts,
    counts,
    dates,
  } = useFigures(answer, currency, state.granularity);
  const cards = ofCurrency(answer.cards, currency);
  const series = ofCurrency(answer.series, currency);
  const points = series ? reportPointsOf(answer.buckets, series) : [];

  const volume = volumeRows(points);
  const refunds = overTime(points, (p) => ({
    refunded: p.refunded_amount,
    ...(withComparison ? { previous: p.previous?.refunded_amount ?? null } : {}),
  }));
  const transactions = countRows(points);
  const perDay = overTime(points, (p) => ({ count: p.count }));
  const transfers = overTime(points, (p) => ({ transferred: p.transferred_amount }));
  const hasPaying = points.length > 0;
  const average = overTime(points, (p) => ({
    average: p.paying_customers ? Math.round(p.gross_amount / p.paying_customers) : 0,
  }));
  const customers = overTime(customerPointsOf(answer.buckets, answer.customers), (p) => ({
    total: p.total_customers,
    new: p.new_customers,
  }));
  const breakdown = (
    list: { key: string; gross_amount: { value: number }; count: number }[],
    label: (k: string) => string,
  ) => list.map((b) => ({ label: label(b.key), amount: b.gross_amount.value, count: b.count }));
  const methodLabel = (k: string) => {
    const key = methodKey(k);
    return key ? t(`reports.methods.${key}` as "reports.methods.card") : k;
  };
  const amount = { key: "amount", label: t("reports.charts.amount"), color: "blue.7" };
  const count = { key: "count", label: t("reports.charts.count") };

  const charts: (ChartPanelProps | false)[] = [
    {
      id: "branches",
      title: t("reports.charts.posBranches"),
      kind: "bar",
      // Grouped by the terminals' branch; terminals without a branch under "No branch".
      rows: breakdown(cards?.pos_branches ?? [], (k) =>
        k === NO_BRANCH_KEY ? t("reports.charts.noBranch") : k,
      ),
      ...amounts,
      categoryLabel: t("reports.charts.branch"),
      series: [amount],
    },
    {
      id: "methods",
      title: t("reports.charts.paymentMethods"),
      kind: "donut",
      rows: breakdown(cards?.payment_methods ?? [], methodLabel),
      // A donut has no value axis.
      dir: amounts.dir,
      format: f.amount,
      categoryLabel: t("reports.charts.method"),
      series: [amount],
    },
    {
      id: "refunds",
      title: t("reports.charts.refunds"),
      kind: "bar",
      rows: refunds,
      ...amounts,
      ...dates,
      series: [{ key: "refunded", label: t("reports.charts.refunds"), color: "red.7" }, ...previous],
    },
    {
      id: "transactions",
      title: t("reports.charts.transactions"),
      kind: "line",
      rows: transactions,
      ...counts,
      ...dates,
      series: [
        { key: "count", label: t("reports.charts.transactions"), color: "blue.7" },
        { key: "success", label: t("reports.charts.successful"), color: "teal.7" },
        ...previous,
      ],
    },
    {
      id: "customers",
      title: t("reports.charts.customers"),
      kind: "line",
      rows: customers,
      ...counts,
      ...dates,
      series: [
        { key: "total", label: t("reports.charts.customers"), color: "blue.7" },
        { key: "new", label: t("reports.charts.newCustomers"), color: "teal.7" },
      ],
    },
    hasPaying && {
      id: "average",
      title: t("reports.charts.averagePerCustomer"),
      kind: "bar",
      rows: average,
      ...amounts,
      ...dates,
      series: [{ key: "average", label: t("reports.charts.averagePerCustomer"), color: "grape.7" }],
    },
    {
      id: "transfers",
      title: t("reports.charts.transfers"),
      kind: "bar",
      rows: transfers,
      ...amounts,
      ...dates,
      series: [{ key: "transferred", label: t("reports.charts.transferred"), color: "teal.7" }],
    },
    {
      id: "cards",
      title: t("reports.charts.perCardBrand"),
      kind: "bar",
      rows: breakdown(cards?.card_schemes ?? [], (k) => k),
      ...counts,
      categoryLabel: t("reports.charts.cardBrand"),
      series: [{ ...count, color: "cyan.8" }],
    },
    {
      id: "perDay",
      title: t("reports.charts.perDay"),
      kind: "bar",
      rows: perDay,
      ...counts,
      ...dates,
      series: [{ ...count, color: "blue.7" }],
    },
  ];

  return (
    <Stack gap="lg" data-testid="report-figures" data-currency={currency ?? ""}>
      <StatCards
        testId="report-cards"
        columns={4}
        cards={
          cards && [
            {
              testId: "card-netSales",
              title: t("reports.cards.netSales"),
              value: f.amount(cards.net_sales.value),
              figure: cards.net_sales,
            },
            {
              testId: "card-grossSales",
              title: t("reports.cards.grossSales"),
              value: f.amount(cards.gross_sales.value),
              figure: cards.gross_sales,
            },
            {
              testId: "card-totalTransfers",
              title: t("reports.cards.totalTransfers"),
              value: f.amount(cards.transfers.transferred),
              note: t("reports.cards.pendingTransfer", { value: f.amount(cards.transfers.pending) }),
            },
            {
              testId: "card-transactions",
              title: t("reports.cards.transactions"),
              value: f.count(cards.number_of_transactions.value),
              figure: cards.number_of_transactions,
            },
            {
              testId: "card-newCustomers",
              title: t("reports.cards.newCustomers"),
              value: f.count(answer.new_customers.value),
              figure: answer.new_customers,
            },
            {
              testId: "card-averageSpend",
              title: t("reports.cards.averageSpend"),
              value: f.amount(cards.average_spend_per_customer),
              note: t("reports.cards.payingCustomers", { count: cards.paying_customers }),
            },
            {
              testId: "card-totalRefunds",
              title: t("reports.cards.totalRefunds"),
              value: f.amount(cards.total_refunds.value),
              figure: cards.total_refunds,
            },
            {
              testId: "card-balance",
              title: t("reports.cards.balance"),
              value: f.amount(cards.balance),
              note: t("reports.cards.balanceHint"),
            },
          ]
        }
      />
      <ChartPanel
        id="volume"
        title={t("reports.charts.netGrossVolume")}
        kind="area"
        rows={volume}
        {...amounts}
        {...dates}
        series={volumeSeries}
      />
      <ChartPairs charts={charts.filter((c) => c !== false)} />
    </Stack>
  );
}
