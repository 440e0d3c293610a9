import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  downloadTransfer,
  useAdvanceTransfer,
  useTransferDetails,
  useTransferTransactions,
} from "../../api/transfers.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { viewpointOf } from "../../live/viewpoint.ts";
import { TransferBalance } from "./TransferBalance.tsx";
import { TransferStatusBadge } from "./TransferStatusBadge.tsx";

const PAGE_SIZE = 25;

/**
 * One transfer (back-office.md "Transfers" and the Transfer entity): its figures, show or hide its transactions
 * (id, date, gross amount, order id, e-mail, type), export them (csv, xlsx) and update the balance; a bank user
 * moves it to its next status after a confirmation.
 */
export default function TransferDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: "/{-$lang}/app/transfers/$id" });
  const transferId = Number(id);
  const { lang, session } = useDashboard();
  const view = viewpointOf(session.type);
  const isMerchant = view === "merchant";
  const { dateTime } = useDateFormat();
  const query = useTransferDetails(view, transferId);
  const [shown, setShown] = useState(false);
  const [page, setPage] = useState(1);
  const txs = useTransferTransactions(view, transferId, page, PAGE_SIZE, shown);
  const [downloading, setDownloading] = useState<"csv" | "xlsx" | null>(null);
  const [moveOpen, move] = useDisclosure(false);
  const advance = useAdvanceTransfer(transferId);
  const canMove = !isMerchant && session.permNames.includes("can review merchants");

  if (query.isPending) return <Skeleton height={300} />;
  if (query.isError) {
    return (
      <DetailsError
        title={t("transfers.details.title", { id: transferId })}
        testId="transfer-details-error"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const d = query.data;
  const m = (minor: number) => money(minor, d.currency, lang);
  const f = (key: string) => t(`transfers.details.fields.${key as "id"}`);
  const download = async (format: "csv" | "xlsx") => {
    setDownloading(format);
    try {
      await downloadTransfer(d.id, format);
    } catch {
      toast.error(t("transfers.downloadFailed"));
    } finally {
      setDownloading(null);
    }
  };
  const pages = Math.max(1, Math.ceil((txs.data?.count ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="lg" data-testid="transfer-details" data-transfer-id={d.id}>
      <PageTitle title={t("transfers.details.title", { id: d.id })}>
        <DataModeBadge isLive={d.is_live} />
        {isMerchant ? (
          <>
            <Button
              variant="outline"
              onClick={() => void download("csv")}
              loading={downloading === "csv"}
              data-testid="transfer-export-csv"
            >
              {t("transfers.details.exportCsv")}
            </Button>
            <Button
              variant="outline"
              onClick={() => void download("xlsx")}
              loading={downloading === "xlsx"}
              data-testid="transfer-export-xlsx"
            >
              {t("transfers.details.exportXlsx")}
            </Button>
          </>
        ) : null}
        {canMove && d.next_status ? (
          <Button onClick={move.open} data-testid="transfer-move">
            {t(`transfers.details.moveTo.${d.next_status}`)}
          </Button>
        ) : null}
      </PageTitle>
      <AnchorLink to="/{-$lang}/transfers" params={{ lang }}>
        {t("transfers.details.back")}
      </AnchorLink>
      <Paper p="md" radius="lg" withBorder>
        <DetailGrid
          testId="transfer-fields"
          items={[
            { key: "id", label: f("id"), value: d.id },
            ...(d.merchant
              ? [{ key: "merchant", label: f("merchant"), value: `${d.merchant.name} #${d.merchant.id}` }]
              : []),
            { key: "date", label: f("date"), value: <bdi dir="ltr">{d.date}</bdi> },
            { key: "amount", label: f("amount"), value: m(d.amount_cents) },
            { key: "status", label: f("status"), value: <TransferStatusBadge status={d.status} /> },
            { key: "bank_name", label: f("bank_name"), value: d.bank_name },
            {
              key: "bank_account",
              label: f("bank_account"),
              value: d.bank_account ? <bdi dir="ltr">{d.bank_account}</bdi> : t("transfers.noBankAccount"),
            },
            { key: "gross", label: f("gross"), value: m(d.gross_amount_cents) },
            { key: "refunded", label: f("refunded"), value: m(d.refunded_amount_cents) },
            { key: "chargebacks", label: f("chargebacks"), value: m(d.chargeback_amount_cents) },
            { key: "fees", label: f("fees"), value: m(d.fees_cents) },
            { key: "vat", label: f("vat"), value: m(d.vat_cents) },
            { key: "transactions", label: f("transactions"), value: d.number_of_transactions },
            { key: "date_paid", label: f("date_paid"), value: d.date_paid ? dateTime(d.date_paid) : null },
          ]}
        />
      </Paper>
      <section aria-labelledby="transfer-transactions-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="transfer-transactions-title">
            {t("transfers.details.transactions")}
          </Title>
          <Button
            variant="light"
            onClick={() => setShown(!shown)}
            aria-expanded={shown}
            aria-controls="transfer-transactions"
            data-testid="transfer-toggle-transactions"
          >
            {shown ? t("transfers.details.hide") : t("transfers.details.show")}
          </Button>
        </Group>
        {shown ? (
          <div id="transfer-transactions" data-testid="transfer-transactions">
            {txs.isPending ? (
              <Skeleton height={120} />
            ) : txs.isError ? (
              <Group>
                <Text c="red.9">{t("transfers.details.transactionsError")}</Text>
                <Button size="xs" variant="outline" onClick={() => void txs.refetch()}>
                  {t("transfers.retry")}
                </Button>
              </Group>
            ) : txs.data.results.length === 0 ? (
              <Text c="dimmed">{t("transfers.details.noTransactions")}</Text>
            ) : (
              <>
                <Table.ScrollContainer minWidth={640}>
                  <Table striped aria-label={t("transfers.details.transactions")}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{f("tx_id")}</Table.Th>
                        <Table.Th>{f("tx_date")}</Table.Th>
                        <Table.Th style={{ textAlign: "end" }}>{f("tx_gross")}</Table.Th>
                        <Table.Th>{f("tx_order")}</Table.Th>
                        <Table.Th>{f("tx_email")}</Table.Th>
                        <Table.Th>{f("tx_type")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {txs.data.results.map((tx) => (
                        <Table.Tr key={tx.id} data-testid="transfer-transaction">
                          <Table.Td>
                            <AnchorLink to="/{-$lang}/transactions/$id" params={{ lang, id: String(tx.id) }}>
                              {tx.id}
                            </AnchorLink>
                          </Table.Td>
                          <Table.Td>{dateTime(tx.created_at)}</Table.Td>
                          <Table.Td style={{ textAlign: "end" }}>
                            {money(tx.gross_amount_cents, tx.currency, lang)}
                          </Table.Td>
                          <Table.Td>{tx.order_id ?? "—"}</Table.Td>
                          <Table.Td>{tx.email ?? "—"}</Table.Td>
                          <Table.Td>{t(`transfers.kinds.${tx.type}`)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {pages > 1 ? (
                  <Group justify="flex-end" mt="xs">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={page <= 1}
                      onClick={() => setPage(page - 1)}
                    >
                      {t("transfers.details.previous")}
                    </Button>
                    <Text size="sm">{t("transfers.details.page", { page, pages })}</Text>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={page >= pages}
                      onClick={() => setPage(page + 1)}
                    >
                      {t("transfers.details.next")}
                    </Button>
                  </Group>
                ) : null}
              </>
            )}
          </div>
        ) : null}
      </section>
      {isMerchant ? <TransferBalance isLive={d.is_live} lang={lang} /> : null}
      {d.next_status ? (
        <ConfirmModal
          opened={moveOpen}
          onClose={move.close}
          title={t(`transfers.details.moveTo.${d.next_status}`)}
          body={t("transfers.details.moveBody", {
            id: d.id,
            status: t(`transfers.status.${d.next_status}`),
          })}
          confirmLabel={t(`transfers.details.moveTo.${d.next_status}`)}
          loading={advance.isPending}
          onConfirm={() =>
            void advance.mutateAsync(d.next_status!).then(
              () => {
                toast.success(t("transfers.details.moved"));
                move.close();
              },
              () => undefined,
            )
          }
          testId="transfer-move-modal"
        />
      ) : null}
    </Stack>
  );
}
