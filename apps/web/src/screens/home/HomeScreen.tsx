import { Grid, SimpleGrid, Stack } from "@mantine/core";
import type { HomeAnswer } from "@portal/domain/analytics-api";
import { useTranslation } from "react-i18next";
import { useHomeAnalytics } from "../../api/analytics.api.ts";
import { useSession } from "../../auth/session.ts";
import { AnalyticsPage } from "./AnalyticsPage.tsx";
import { formattersFor } from "./amounts.ts";
import { ChartPanel } from "./ChartPanel.tsx";
import { dirOfLang, ofCurrency, seriesRows } from "./chartData.ts";
import { NewDashboardBanner } from "./NewDashboardBanner.tsx";
import type { PeriodState } from "./periodSearch.ts";
import { EmptyState } from "./QueryStates.tsx";
import { RecentOrders, RecentTransactions } from "./RecentLists.tsx";
import { StartAccepting } from "./StartAccepting.tsx";
import { StatCard } from "./StatCard.tsx";
import { useLang } from "./useLang.ts";
import { usePeriodState } from "./usePeriodState.ts";

/** The merchant home (merchant-dashboard.md section 2). */
export default function HomeScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [state, setState] = usePeriodState();
  const query = useHomeAnalytics(state);
  const hasLive = query.data?.has_live_integration ?? session?.has_live_integration ?? true;

  return (
    <AnalyticsPage
      testId="home-screen"
      title={t("nav.home")}
      state={state}
      onChange={setState}
      query={query}
      skeletonCards={6}
      beforeControls={
        <>
          <NewDashboardBanner />
          {!hasLive ? <StartAccepting /> : null}
        </>
      }
      figures={(answer, currency) => <HomeFigures answer={answer} currency={currency} state={state} />}
    />
  );
}

function HomeFigures({
  answer,
  currency,
  state,
}: {
  answer: HomeAnswer;
  currency: string | undefined;
  state: PeriodState;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const dir = dirOfLang(lang);
  const f = formattersFor(currency, lang);
  const cards = ofCurrency(answer.cards, currency);
  const series = ofCurrency(answer.series, currency);
  const withComparison = answer.range.comparison_from !== null;

  const insights = seriesRows(series?.points ?? [], state.granularity, lang, (p) => ({
    count: p.count,
    success: p.success_count,
    ...(withComparison ? { previous: p.previous?.count ?? null } : {}),
  }));
  const revenue = seriesRows(series?.points ?? [], state.granularity, lang, (p) => ({
    gross: p.gross_amount,
    net: p.net_amount,
    ...(withComparison ? { previous: p.previous?.gross_amount ?? null } : {}),
  }));
  const channels = (series?.channels ?? []).map((c) => ({
    label: t(`home.period.channels.${c.key === "POS" ? "POS" : c.key === "Ecommerce" ? "Ecommerce" : "all"}`),
    amount: c.gross_amount.value,
    count: c.count,
  }));

  return (
    <Stack gap="lg" data-testid="home-figures" data-currency={currency ?? ""}>
      {!cards ? (
        <EmptyState />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} data-testid="summary-cards">
          <StatCard
            testId="card-total"
            title={t("home.cards.total")}
            value={f.amount(cards.total.amount.value)}
            figure={cards.total.amount}
          />
          <StatCard
            testId="card-successful"
            title={t("home.cards.successful")}
            value={f.amount(cards.successful.amount.value)}
            figure={cards.successful.amount}
          />
          <StatCard
            testId="card-declined"
            title={t("home.cards.declined")}
            value={f.amount(cards.declined.amount.value)}
            figure={cards.declined.amount}
          />
          <StatCard
            testId="card-pending"
            title={t("home.cards.pending")}
            value={f.amount(cards.pending.amount.value)}
            figure={cards.pending.amount}
          />
          <StatCard
            testId="card-orders"
            title={t("home.cards.orders")}
            value={f.count(cards.total_orders.value)}
            figure={cards.total_orders}
          />
          <StatCard
            testId="card-ordersWithDelivery"
            title={t("home.cards.ordersWithDelivery")}
            value={f.count(cards.orders_with_delivery.value)}
            figure={cards.orders_with_delivery}
          />
        </SimpleGrid>
      )}
      <ChartPanel
        id="insights"
        title={t("home.charts.insights")}
        kind="area"
        rows={insights}
        dir={dir}
        categoryLabel={t("home.charts.date")}
        format={f.count}
        series={[
          { key: "count", label: t("home.charts.count"), color: "blue.7" },
          { key: "success", label: t("home.charts.successful"), color: "teal.7" },
          ...(withComparison
            ? [{ key: "previous", label: t("home.charts.previous"), color: "gray.6", dashed: true }]
            : []),
        ]}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ChartPanel
            id="revenue"
            title={t("home.charts.revenue")}
            kind="area"
            rows={revenue}
            dir={dir}
            categoryLabel={t("home.charts.date")}
            format={f.amount}
            axisFormat={f.amountAxis}
            series={[
              { key: "gross", label: t("reports.charts.gross"), color: "blue.7" },
              { key: "net", label: t("reports.charts.net"), color: "teal.7" },
              ...(withComparison
                ? [{ key: "previous", label: t("home.charts.previous"), color: "gray.6", dashed: true }]
                : []),
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ChartPanel
            id="channels"
            title={t("home.charts.channels")}
            kind="donut"
            rows={channels}
            dir={dir}
            categoryLabel={t("home.charts.channel")}
            format={f.amount}
            series={[{ key: "amount", label: t("home.charts.amount"), color: "blue.7" }]}
          />
        </Grid.Col>
      </Grid>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <RecentOrders orders={answer.recent_orders} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <RecentTransactions transactions={answer.recent_transactions} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
