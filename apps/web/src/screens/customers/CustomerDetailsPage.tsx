import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useParams } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CustomerTransaction, useCustomer, useCustomerTransactions } from "../../api/customers.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { type ColumnMeta, DataTable } from "../../components/list/DataTable.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { DEFAULT_PAGE_SIZE } from "../../lib/tableSearch.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { EditCustomerModal } from "./EditCustomerModal.tsx";
import { MaskedCard } from "./MaskedCard.tsx";

/**
 * A customer's details (back-office.md "Customers": details, customer transactions table, edit modal): who they
 * are, their totals and masked card, the cards they saved, and every transaction of theirs (live and test, each
 * marked), each opening its transaction details.
 */
export default function CustomerDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: "/{-$lang}/app/customers/$id" });
  const customerId = Number(id);
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const query = useCustomer(customerId);
  const [editing, editor] = useDisclosure(false);

  if (query.isPending) return <Skeleton height={300} />;
  if (query.isError)
    return (
      <DetailsError
        title={t("customers.details.title")}
        testId="customer-details-error"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const c = query.data;
  const f = (key: string) => t(`customers.fields.${key as "name"}`);
  const count = (n: number) => n.toLocaleString(lang === "ar" ? "ar-EG" : "en-US");
  return (
    <Stack gap="lg" data-testid="customer-details" data-customer-id={c.id}>
      <PageTitle title={c.name}>
        <Button onClick={editor.open} data-testid="customer-edit-open">
          {t("customers.edit.open")}
        </Button>
      </PageTitle>
      <AnchorLink to="/{-$lang}/customers" params={{ lang }}>
        {t("customers.details.back")}
      </AnchorLink>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("customers.details.summary")}
        </Title>
        <DetailGrid
          testId="customer-fields"
          items={[
            { key: "id", label: f("id"), value: c.id },
            { key: "name", label: f("name"), value: c.name },
            { key: "email", label: f("email"), value: c.email && <span dir="ltr">{c.email}</span> },
            { key: "phone", label: f("phone"), value: c.phone && <span dir="ltr">{c.phone}</span> },
            { key: "points", label: f("points"), value: count(c.points) },
            {
              key: "card",
              label: f("card"),
              value: <MaskedCard last4={c.card_last4} scheme={c.card_scheme} />,
            },
            { key: "total_transactions", label: f("total_transactions"), value: count(c.total_transactions) },
            {
              key: "last_transaction_at",
              label: f("last_transaction_at"),
              value: c.last_transaction_at && dateTime(c.last_transaction_at),
            },
            { key: "created_at", label: f("created_at"), value: dateTime(c.created_at) },
          ]}
        />
      </Paper>
      {c.saved_cards.length > 0 ? (
        <Paper withBorder radius="lg" p="md" data-testid="customer-saved-cards">
          <Title order={2} size="h4" mb="sm">
            {t("customers.details.savedCards")}
          </Title>
          <Table striped aria-label={t("customers.details.savedCards")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{f("card")}</Table.Th>
                <Table.Th>{t("customers.details.mode")}</Table.Th>
                <Table.Th>{t("customers.details.savedAt")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.saved_cards.map((card) => (
                <Table.Tr key={card.id}>
                  <Table.Td>
                    <span dir="ltr">
                      {card.card_subtype} {card.masked_pan}
                    </span>
                  </Table.Td>
                  <Table.Td>
                    <DataModeBadge isLive={card.is_live} />
                  </Table.Td>
                  <Table.Td>{dateTime(card.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
      <CustomerTransactionsTable customerId={c.id} email={c.email} />
      {editing ? <EditCustomerModal customer={c} onClose={editor.close} /> : null}
    </Stack>
  );
}

function CustomerTransactionsTable({ customerId, email }: { customerId: number; email: string | null }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useCustomerTransactions(customerId, page, pageSize);
  const columns = useMemo<ColumnDef<CustomerTransaction>[]>(
    () => [
      {
        id: "id",
        header: t("customers.transactions.id"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => (
          <AnchorLink
            to="/{-$lang}/transactions/$id"
            params={{ lang, id: String(row.original.id) }}
            aria-label={t("customers.transactions.open", { id: row.original.id })}
            data-testid="customer-transaction-open"
          >
            {row.original.id}
          </AnchorLink>
        ),
      },
      {
        id: "created_at",
        header: t("customers.transactions.created_at"),
        cell: ({ row }) => dateTime(row.original.created_at),
      },
      {
        id: "amount",
        header: t("customers.transactions.amount"),
        meta: { numeric: true } satisfies ColumnMeta,
        cell: ({ row }) => money(row.original.amount_cents, row.original.currency, lang),
      },
      {
        id: "status",
        header: t("customers.transactions.status"),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: "type",
        header: t("customers.transactions.type"),
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            <span dir="ltr">{row.original.trnx_type}</span>
            {row.original.is_refunded ? (
              <Badge variant="outline" color="gray.8" size="sm">
                {t("customers.transactions.refunded")}
              </Badge>
            ) : null}
            {row.original.is_voided ? (
              <Badge variant="outline" color="gray.8" size="sm">
                {t("customers.transactions.voided")}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: "card",
        header: t("customers.fields.card"),
        cell: ({ row }) => <MaskedCard last4={row.original.card_last4} scheme={null} />,
      },
      {
        id: "mode",
        header: t("customers.details.mode"),
        cell: ({ row }) => <DataModeBadge isLive={row.original.is_live} />,
      },
    ],
    [t, lang, dateTime],
  );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="customer-transactions-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="customer-transactions-title">
          {t("customers.transactions.title")}
        </Title>
        {email ? (
          <AnchorLink
            to="/{-$lang}/transactions"
            params={{ lang }}
            search={{ customer_email: email }}
            data-testid="customer-transactions-workspace"
          >
            {t("customers.transactions.inWorkspace")}
          </AnchorLink>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {t("customers.transactions.note")}
      </Text>
      <DataTable
        label={t("customers.transactions.title")}
        testId="customer-transactions"
        columns={columns}
        rows={list.data?.results}
        count={list.data?.count ?? 0}
        page={page}
        pageSize={pageSize}
        sort={undefined}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError}
        onRetry={() => void list.refetch()}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        onSort={() => undefined}
        rowId={(row) => String(row.id)}
        emptyText={t("customers.transactions.empty")}
      />
    </Paper>
  );
}
