import { Grid, Stack } from "@mantine/core";
import type { HomeAnswer } from "@portal/domain/analytics-api";
import { useTranslation } from "react-i18next";
import { useHomeAnalytics } from "../../api/analytics.api.ts";
import { useSession } from "../../auth/session.ts";
import { AnalyticsPage } from "../../components/analytics/AnalyticsPage.tsx";
import { ChartPanel } from "../../components/analytics/ChartPanel.tsx";
import { ofCurrency, pointsOfSeries } from "../../components/analytics/chartData.ts";
import { StatCards, useFigures } from "../../components/analytics/Figures.tsx";
import { usePeriodState } from "../../components/analytics/usePeriodState.ts";
import type { PeriodState } from "../../lib/periodSearch.ts";
import { NewDashboardBanner } from "./NewDashboardBanner.tsx";
import { RecentPanels } from "./RecentLists.tsx";
import { StartAccepting } from "./StartAccepting.tsx";

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
  const { f, previous, volumeRows, volumeSeries, countRows, amounts, counts, dates } = useFigures(
    answer,
    currency,
    state.granularity,
  );
  const cards = ofCurrency(answer.cards, currency);
  const series = ofCurrency(answer.series, currency);
  const points = series ? pointsOfSeries(answer.buckets, series) : [];
  const insights = countRows(points);
  const revenue = volumeRows(points);
  const channels = (series?.channels ?? []).map((c) => ({
    label: t(`home.period.channels.${c.key === "POS" ? "POS" : c.key === "Ecommerce" ? "Ecommerce" : "all"}`),
    amount: c.gross_amount.value,
    count: c.count,
  }));

  return (
    <Stack gap="lg" data-testid="home-figures" data-currency={currency ?? ""}>
      <StatCards
        testId="summary-cards"
        columns={3}
        cards={
          cards && [
            {
              testId: "card-total",
              title: t("home.cards.total"),
              value: f.amount(cards.total.amount.value),
              figure: cards.total.amount,
            },
            {
              testId: "card-successful",
              title: t("home.cards.successful"),
              value: f.amount(cards.successful.amount.value),
              figure: cards.successful.amount,
            },
            {
              testId: "card-declined",
              title: t("home.cards.declined"),
              value: f.amount(cards.declined.amount.value),
              figure: cards.declined.amount,
            },
            {
              testId: "card-pending",
              title: t("home.cards.pending"),
              value: f.amount(cards.pending.amount.value),
              figure: cards.pending.amount,
            },
            {
              testId: "card-orders",
              title: t("home.cards.orders"),
              value: f.count(cards.total_orders.value),
              figure: cards.total_orders,
            },
            {
              testId: "card-ordersWithDelivery",
              title: t("home.cards.ordersWithDelivery"),
              value: f.count(cards.orders_with_delivery.value),
              figure: cards.orders_with_delivery,
            },
          ]
        }
      />
      <ChartPanel
        id="insights"
        title={t("home.charts.insights")}
        kind="area"
        rows={insights}
        {...counts}
        {...dates}
        series={[
          { key: "count", label: t("home.charts.count"), color: "blue.7" },
          { key: "success", label: t("home.charts.successful"), color: "teal.7" },
          ...previous,
        ]}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ChartPanel
            id="revenue"
            title={t("home.charts.revenue")}
            kind="area"
            rows={revenue}
            {...amounts}
            {...dates}
            series={volumeSeries}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ChartPanel
            id="channels"
            title={t("home.charts.channels")}
            kind="donut"
            rows={channels}
            dir={amounts.dir}
            categoryLabel={t("home.charts.channel")}
            format={f.amount}
            series={[{ key: "amount", label: t("home.charts.amount"), color: "blue.7" }]}
          />
        </Grid.Col>
      </Grid>
      <RecentPanels orders={answer.recent_orders} transactions={answer.recent_transactions} />
    </Stack>
  );
}
