import { Accordion, Anchor, Button, Group, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDeleteOrder, useOrderDetails } from "../../api/orders.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { useLabels } from "../../i18n/useLabels.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useViewMode, viewpointOf } from "../../live/viewpoint.ts";
import { OrderStatusBadge } from "./OrderStatusBadge.tsx";

/** Order details: order, cart, shipping, client and error sections, its transactions, and delete. */
export default function OrderDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams({ from: "/{-$lang}/app/orders/$id" });
  const orderId = Number(id);
  const { lang, session } = useDashboard();
  const view = viewpointOf(session.type);
  const { isLive } = useViewMode(view);
  const { dateTime } = useDateFormat();
  const query = useOrderDetails(view, orderId, isLive);
  const labels = useLabels();
  const remove = useDeleteOrder(orderId);
  const navigate = useNavigate();
  const [delOpen, del] = useDisclosure(false);
  const canDelete =
    view === "merchant" && (session.type === "Partner" || session.permNames.includes("can delete orders"));
  const keyLabel = (key: string) => {
    const k = `transactions.details.keys.${key}`;
    return i18n.exists(k) ? t(k as "transactions.details.keys.id") : key;
  };
  const f = (key: string) => t(`orders.details.fields.${key as "id"}`);

  if (query.isPending) return <Skeleton height={300} />;
  if (query.isError) {
    return (
      <DetailsError
        title={t("orders.details.title", { id: orderId })}
        testId="order-details-error"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const d = query.data;
  const o = d.order;
  return (
    <Stack gap="lg" data-testid="order-details" data-order-id={o.id}>
      <PageTitle title={t("orders.details.title", { id: o.id })}>
        <DataModeBadge isLive={o.is_live} />
        {canDelete ? (
          <Button variant="outline" color="red.9" onClick={del.open} data-testid="order-delete">
            {t("orders.delete")}
          </Button>
        ) : null}
      </PageTitle>
      <AnchorLink to="/{-$lang}/orders" params={{ lang }}>
        {t("orders.details.back")}
      </AnchorLink>
      <Accordion multiple variant="separated" defaultValue={["order", "cart", "client", "transactions"]}>
        <Accordion.Item value="order" data-testid="section-order">
          <Accordion.Control>{t("orders.details.sections.order")}</Accordion.Control>
          <Accordion.Panel>
            <DetailGrid
              items={[
                { key: "id", label: f("id"), value: o.id },
                { key: "created_at", label: f("created_at"), value: dateTime(o.created_at) },
                { key: "amount", label: f("amount"), value: money(o.amount_cents, o.currency, lang) },
                {
                  key: "paid_amount",
                  label: f("paid_amount"),
                  value: money(o.paid_amount_cents, o.currency, lang),
                },
                { key: "status", label: f("status"), value: <OrderStatusBadge status={o.status} /> },
                { key: "merchant_order_id", label: f("merchant_order_id"), value: o.merchant_order_id },
                { key: "created_by", label: f("created_by"), value: o.created_by },
                { key: "source", label: f("source"), value: o.source && labels.origin(o.source) },
                {
                  key: "delivery_needed",
                  label: f("delivery_needed"),
                  value: o.delivery_needed ? t("transactions.details.yes") : t("transactions.details.no"),
                },
                { key: "collector", label: f("collector"), value: o.collector },
                { key: "product_description", label: f("product_description"), value: o.product_description },
                {
                  key: "order_link",
                  label: f("order_link"),
                  value: o.order_link ? (
                    <Anchor
                      href={o.order_link}
                      target="_blank"
                      rel="noreferrer"
                      data-testid="order-page-link"
                    >
                      {o.order_link}
                    </Anchor>
                  ) : null,
                },
              ]}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="cart" data-testid="section-cart">
          <Accordion.Control>{t("orders.details.sections.cart")}</Accordion.Control>
          <Accordion.Panel>
            {d.cart.length === 0 ? (
              <Text c="dimmed">{t("orders.details.cartEmpty")}</Text>
            ) : (
              <Table striped aria-label={t("orders.details.sections.cart")}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{f("product")}</Table.Th>
                    <Table.Th>{f("description")}</Table.Th>
                    <Table.Th style={{ textAlign: "end" }}>{f("quantity")}</Table.Th>
                    <Table.Th style={{ textAlign: "end" }}>{f("item_amount")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.cart.map((item, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cart items have no id of their own
                    <Table.Tr key={i}>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td>{item.description ?? "—"}</Table.Td>
                      <Table.Td style={{ textAlign: "end" }}>{item.quantity}</Table.Td>
                      <Table.Td style={{ textAlign: "end" }}>
                        {item.amount_cents === null ? "—" : money(item.amount_cents, o.currency, lang)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="shipping" data-testid="section-shipping">
          <Accordion.Control>{t("orders.details.sections.shipping")}</Accordion.Control>
          <Accordion.Panel>
            {d.shipping && Object.keys(d.shipping).length ? (
              <DetailGrid
                items={Object.entries(d.shipping).map(([key, value]) => ({
                  key,
                  label: keyLabel(key),
                  value: value === null || value === undefined ? null : String(value),
                }))}
              />
            ) : (
              <Text c="dimmed">{t("transactions.details.none")}</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="client" data-testid="section-client">
          <Accordion.Control>{t("orders.details.sections.client")}</Accordion.Control>
          <Accordion.Panel>
            {d.client ? (
              <DetailGrid
                items={[
                  { key: "name", label: f("name"), value: d.client.name },
                  { key: "email", label: f("email"), value: d.client.email },
                  {
                    key: "phone",
                    label: f("phone"),
                    value: d.client.phone ? <bdi dir="ltr">{d.client.phone}</bdi> : null,
                  },
                ]}
              />
            ) : (
              <Text c="dimmed">{t("transactions.details.none")}</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="error" data-testid="section-error">
          <Accordion.Control>{t("orders.details.sections.error")}</Accordion.Control>
          <Accordion.Panel>
            {d.error.message ? (
              <DetailGrid
                items={[
                  {
                    key: "failure_reason",
                    label: f("failure_reason"),
                    value: labels.code("messages", d.error.message),
                  },
                ]}
              />
            ) : (
              <Text c="dimmed">{t("orders.details.noError")}</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="transactions" data-testid="section-transactions">
          <Accordion.Control>{t("orders.details.sections.transactions")}</Accordion.Control>
          <Accordion.Panel>
            {d.transactions.length === 0 ? (
              <Text c="dimmed">{t("transactions.details.none")}</Text>
            ) : (
              <Stack gap="xs">
                {d.transactions.map((tx) => (
                  <Group key={tx.id} gap="sm">
                    <AnchorLink to="/{-$lang}/transactions/$id" params={{ lang, id: String(tx.id) }}>
                      {tx.id}
                    </AnchorLink>
                    <Text size="sm">{money(tx.amount_cents, o.currency, lang)}</Text>
                    <Text size="sm" c="dimmed">
                      {labels.trnxType(tx.trnx_type)}
                    </Text>
                    <StatusBadge status={tx.status} />
                  </Group>
                ))}
              </Stack>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <ConfirmModal
        opened={delOpen}
        onClose={del.close}
        title={t("orders.deleteTitle")}
        body={t("orders.deleteBody", { id: o.id })}
        confirmLabel={t("orders.delete")}
        danger
        loading={remove.isPending}
        onConfirm={() =>
          void remove.mutateAsync().then(
            () => {
              toast.success(t("orders.deleted"));
              del.close();
              void navigate({ to: "/{-$lang}/orders", params: { lang } });
            },
            () => undefined,
          )
        }
        testId="order-delete-modal"
      />
    </Stack>
  );
}
