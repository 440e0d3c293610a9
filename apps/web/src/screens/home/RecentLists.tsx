import { Anchor, Badge, Card, Grid, Table, Text, Title } from "@mantine/core";
import type { RecentOrder, RecentTransaction } from "@portal/domain/analytics-api";
import { type Currency, isCurrency } from "@portal/domain/currencies";
import { formatAmount } from "@portal/domain/money";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { goTo, href } from "../../app/navigation.ts";
import { useLang } from "../../i18n/useLang.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";

export function amountText(minor: number, currency: string, lang: "en" | "ar"): string {
  return isCurrency(currency) ? formatAmount(minor, currency as Currency, lang) : `${minor} ${currency}`;
}

/** A link to a details page (/transactions/{id}, /orders/{id}) that stays in the app on a plain click. */
function DetailLink({ path, children, testId }: { path: string; children: React.ReactNode; testId: string }) {
  const lang = useLang();
  const target = href(lang, path);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    goTo(target);
  };
  return (
    <Anchor href={target} onClick={onClick} data-testid={testId}>
      {children}
    </Anchor>
  );
}

/** Filled badges: white text on dark shades, 5:1 or more (Mantine's light variants read below 4.5:1). */
const STATUS_COLORS: Record<string, string> = {
  success: "teal.9",
  paid: "teal.9",
  declined: "red.9",
  canceled: "red.9",
  pending: "#9c3608",
  unpaid: "#9c3608",
};

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const key = status.toLowerCase();
  const label = t(`home.status.${key}` as "home.status.success", { defaultValue: status });
  return (
    <Badge variant="filled" color={STATUS_COLORS[key] ?? "gray.8"} tt="none" miw="max-content">
      {label}
    </Badge>
  );
}

export function RecentOrders({ orders }: { orders: RecentOrder[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const dates = useDateFormat();
  return (
    <Card padding="md" data-testid="recent-orders" component="section" aria-labelledby="recent-orders-title">
      <Title order={3} size="h5" mb="sm" id="recent-orders-title">
        {t("home.recentOrders.title")}
      </Title>
      {orders.length === 0 ? (
        <Text c="dimmed">{t("home.recentOrders.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("home.recentOrders.id")}</Table.Th>
                <Table.Th>{t("home.recentOrders.amount")}</Table.Th>
                <Table.Th>{t("home.recentOrders.status")}</Table.Th>
                <Table.Th>{t("home.recentOrders.created")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((o) => (
                <Table.Tr key={o.id} data-testid="recent-order">
                  <Table.Td>
                    <DetailLink path={`orders/${o.id}`} testId="recent-order-link">
                      {o.id}
                    </DetailLink>
                  </Table.Td>
                  <Table.Td>{amountText(o.amount_cents, o.currency, lang)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={o.payment_status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{dates.dateTime(o.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

export function RecentTransactions({ transactions }: { transactions: RecentTransaction[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const dates = useDateFormat();
  return (
    <Card
      padding="md"
      data-testid="recent-transactions"
      component="section"
      aria-labelledby="recent-transactions-title"
    >
      <Title order={3} size="h5" mb="sm" id="recent-transactions-title">
        {t("home.recentTransactions.title")}
      </Title>
      {transactions.length === 0 ? (
        <Text c="dimmed">{t("home.recentTransactions.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("home.recentTransactions.id")}</Table.Th>
                <Table.Th>{t("home.recentTransactions.amount")}</Table.Th>
                <Table.Th>{t("home.recentTransactions.status")}</Table.Th>
                <Table.Th>{t("home.recentTransactions.created")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {transactions.map((tx) => (
                <Table.Tr key={tx.id} data-testid="recent-transaction">
                  <Table.Td>
                    <DetailLink path={`transactions/${tx.id}`} testId="recent-transaction-link">
                      {tx.id}
                    </DetailLink>
                  </Table.Td>
                  <Table.Td>{amountText(tx.amount_cents, tx.currency, lang)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={tx.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{dates.dateTime(tx.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/**
 * The home page's recent orders and transactions side by side. A list is null when the user may not view orders
 * (transactions): the server leaves it out and its panel is not shown; the other one then takes the whole row.
 */
export function RecentPanels({
  orders,
  transactions,
}: {
  orders: RecentOrder[] | null;
  transactions: RecentTransaction[] | null;
}) {
  if (!orders && !transactions) return null;
  const span = { base: 12, lg: orders && transactions ? 6 : 12 };
  return (
    <Grid>
      {orders ? (
        <Grid.Col span={span}>
          <RecentOrders orders={orders} />
        </Grid.Col>
      ) : null}
      {transactions ? (
        <Grid.Col span={span}>
          <RecentTransactions transactions={transactions} />
        </Grid.Col>
      ) : null}
    </Grid>
  );
}
