import { Grid, SimpleGrid, Stack } from "@mantine/core";
import type { ReportsAnswer } from "@portal/domain/analytics-api";
import { useTranslation } from "react-i18next";
import { useReportsAnalytics } from "../../api/analytics.api.ts";
import { AnalyticsPage } from "../home/AnalyticsPage.tsx";
import { formattersFor } from "../home/amounts.ts";
import { ChartPanel } from "../home/ChartPanel.tsx";
import { dirOfLang, ofCurrency, seriesRows } from "../home/chartData.ts";
import type { PeriodState } from "../home/periodSearch.ts";
import { EmptyState } from "../home/QueryStates.tsx";
import { StatCard } from "../home/StatCard.tsx";
import { useLang } from "../home/useLang.ts";
import { usePeriodState } from "../home/usePeriodState.ts";
import { methodKey } from "./methods.ts";

/** Reports overview (merchant-dashboard.md sections 2 and 3): cards and chart areas of one currency at a time. */
export default function ReportsScreen() {
  const { t } = useTranslation();
  const [state, setState] = usePeriodState();
  const query = useReportsAnalytics(state);
  return (
    <AnalyticsPage
      testId="reports-screen"
      title={t("nav.reports")}
      state={state}
      onChange={setState}
      query={query}
      skeletonCards={8}
      figures={(answer, currency) => <ReportFigures answer={answer} currency={currency} state={state} />}
    />
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
  const lang = useLang();
  const dir = dirOfLang(lang);
  const f = formattersFor(currency, lang);
  const cards = ofCurrency(answer.cards, currency);
  const points = ofCurrency(answer.series, currency)?.points ?? [];
  const withComparison = answer.range.comparison_from !== null;
  const g = state.granularity;
  /** The comparison series (dashed), when a comparison is chosen. */
  const prevSeries = withComparison
    ? [{ key: "previous", label: t("home.charts.previous"), color: "gray.6", dashed: true }]
    : [];

  const volume = seriesRows(points, g, lang, (p) => ({
    net: p.net_amount,
    gross: p.gross_amount,
    ...(withComparison ? { previous: p.previous?.gross_amount ?? null } : {}),
  }));
  const refunds = seriesRows(points, g, lang, (p) => ({
    refunded: p.refunded_amount,
    ...(withComparison ? { previous: p.previous?.refunded_amount ?? null } : {}),
  }));
  const transactions = seriesRows(points, g, lang, (p) => ({
    count: p.count,
    success: p.success_count,
    ...(withComparison ? { previous: p.previous?.count ?? null } : {}),
  }));
  const perDay = seriesRows(points, g, lang, (p) => ({ count: p.count }));
  const transfers = seriesRows(points, g, lang, (p) => ({ transferred: p.transferred_amount }));
  const hasPaying = points.some((p) => p.paying_customers !== undefined);
  const average = seriesRows(points, g, lang, (p) => ({
    average: p.paying_customers ? Math.round(p.gross_amount / p.paying_customers) : 0,
  }));
  const customers = seriesRows(answer.customers, g, lang, (p) => ({
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

  return (
    <Stack gap="lg" data-testid="report-figures" data-currency={currency ?? ""}>
      {!cards ? (
        <EmptyState />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} data-testid="report-cards">
          <StatCard
            testId="card-netSales"
            title={t("reports.cards.netSales")}
            value={f.amount(cards.net_sales.value)}
            figure={cards.net_sales}
          />
          <StatCard
            testId="card-grossSales"
            title={t("reports.cards.grossSales")}
            value={f.amount(cards.gross_sales.value)}
            figure={cards.gross_sales}
          />
          <StatCard
            testId="card-totalTransfers"
            title={t("reports.cards.totalTransfers")}
            value={f.amount(cards.transfers.transferred)}
            note={t("reports.cards.pendingTransfer", { value: f.amount(cards.transfers.pending) })}
          />
          <StatCard
            testId="card-transactions"
            title={t("reports.cards.transactions")}
            value={f.count(cards.number_of_transactions.value)}
            figure={cards.number_of_transactions}
          />
          <StatCard
            testId="card-newCustomers"
            title={t("reports.cards.newCustomers")}
            value={f.count(answer.new_customers.value)}
            figure={answer.new_customers}
          />
          <StatCard
            testId="card-averageSpend"
            title={t("reports.cards.averageSpend")}
            value={f.amount(cards.average_spend_per_customer)}
            note={t("reports.cards.payingCustomers", { count: cards.paying_customers })}
          />
          <StatCard
            testId="card-totalRefunds"
            title={t("reports.cards.totalRefunds")}
            value={f.amount(cards.total_refunds.value)}
            figure={cards.total_refunds}
          />
          <StatCard
            testId="card-balance"
            title={t("reports.cards.balance")}
            value={f.amount(cards.balance)}
            note={t("reports.cards.balanceHint")}
          />
        </SimpleGrid>
      )}
      <ChartPanel
        id="volume"
        title={t("reports.charts.netGrossVolume")}
        kind="area"
        rows={volume}
        dir={dir}
        categoryLabel={t("home.charts.date")}
        format={f.amount}
        axisFormat={f.amountAxis}
        series={[
          { key: "gross", label: t("reports.charts.gross"), color: "blue.7" },
          { key: "net", label: t("reports.charts.net"), color: "teal.7" },
          ...prevSeries,
        ]}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChartPanel
            id="branches"
            title={t("reports.charts.posBranches")}
            kind="bar"
            rows={breakdown(cards?.pos_branches ?? [], (k) => k)}
            dir={dir}
            categoryLabel={t("reports.charts.branch")}
            format={f.amount}
            axisFormat={f.amountAxis}
            series={[{ key: "amount", label: t("reports.charts.amount"), color: "blue.7" }]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChartPanel
            id="methods"
            title={t("reports.charts.paymentMethods")}
            kind="donut"
            rows={breakdown(cards?.payment_methods ?? [], methodLabel)}
            dir={dir}
            categoryLabel={t("reports.charts.method")}
            format={f.amount}
            series={[{ key: "amount", label: t("reports.charts.amount"), color: "blue.7" }]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChartPanel
            id="refunds"
            title={t("reports.charts.refunds")}
            kind="bar"
            rows={refunds}
            dir={dir}
            categoryLabel={t("home.charts.date")}
            format={f.amount}
            axisFormat={f.amountAxis}
            series={[{ key: "refunded", label: t("reports.charts.refunds"), color: "red.7" }, ...prevSeries]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChartPanel
            id="transactions"
            title={t("reports.charts.transactions")}
            kind="line"
            rows={transactions}
            dir={dir}
            categoryLabel={t("home.charts.date")}
            format={f.count}
            series={[
              { key: "count", label: t("reports.charts.transactions"), color: "blue.7" },
              { key: "success", label: t("reports.charts.successful"), color: "teal.7" },
              ...prevSeries,
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChartPanel
            id="customers"
            title={t("reports.charts.customers")}
            kind="line"
            rows={customers}
            dir={dir}
            categoryLabel={t("home.charts.date")}
            format={f.count}
            series={[
              { key: "total", label: t("reports.charts.customers"), color: "blue.7" },
              { key: "new", label: t("reports.charts.newCustomers"), color: "teal.7" },
            ]}
          />
        </Grid.Col>
        {hasPaying ? (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ChartPanel
              id="average"
              title={t("reports.charts.averagePerCustomer")}
              kind="bar"
              rows={average}
              dir={dir}
              categoryLabel={t("home.charts.date")}
              format={f.amount}
              axisFormat={f.amountAxis}
              series={[{ key: "average", label: t("reports.charts.averagePerCustomer"), color: "grape.7" }]}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChartPanel
            id="transfers"
            title={t("reports.charts.transfers")}
            kind="bar"
            rows={transfers}
            dir={dir}
            categoryLabel={t("home.charts.date")}
            format={f.amount}
            axisFormat={f.amountAxis}
            series={[{ key: "transferred", label: t("reports.charts.transferred"), color: "teal.7" }]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChartPanel
            id="cards"
            title={t("reports.charts.perCardBrand")}
            kind="bar"
            rows={breakdown(cards?.card_schemes ?? [], (k) => k)}
            dir={dir}
            categoryLabel={t("reports.charts.cardBrand")}
            format={f.count}
            series={[{ key: "count", label: t("reports.charts.count"), color: "cyan.8" }]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChartPanel
            id="perDay"
            title={t("reports.charts.perDay")}
            kind="bar"
            rows={perDay}
            dir={dir}
            categoryLabel={t("home.charts.date")}
            format={f.count}
            series={[{ key: "count", label: t("reports.charts.count"), color: "blue.7" }]}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
