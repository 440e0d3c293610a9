import {
  Accordion,
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { CHARGEBACK_MESSAGES, EVIDENCE_MAX_BYTES, EVIDENCE_MAX_FILES } from "@portal/domain/api/chargebacks";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ChargebackDetails,
  downloadEvidence,
  evidenceFile,
  useAcceptChargeback,
  useChargeback,
  useSubmitEvidence,
} from "../../api/chargebacks.api.ts";
import { isApiError } from "../../api/errors.ts";
import { reportError } from "../../api/reportError.ts";
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
import { ChargebackStatusBadge } from "./ChargebackStatusBadge.tsx";

type Problem = "fileType" | "fileSize" | "fileCount" | "deadlinePassed" | "alreadyAnswered";

/** The refusal of an answer, by the server's code or field message (the texts are in both catalogues). */
function problemOf(err: unknown): Problem | undefined {
  if (!isApiError(err)) return undefined;
  if (err.code === "chargeback_closed") return "deadlinePassed";
  if (err.code === "chargeback_answered") return "alreadyAnswered";
  const messages = Object.values(err.fields).flat();
  const detail = typeof err.body?.detail === "string" ? err.body.detail : "";
  for (const key of ["fileType", "fileSize", "fileCount"] as const)
    if (detail === CHARGEBACK_MESSAGES[key] || messages.includes(CHARGEBACK_MESSAGES[key])) return key;
  return undefined;
}

/** Chargeback details: every field of the spec, the evidence sent, and the merchant's answer before the deadline. */
export default function ChargebackDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: "/{-$lang}/app/chargebacks/$id" });
  const chargebackId = Number(id);
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  const query = useChargeback(chargebackId);

  if (query.isPending) return <Skeleton height={300} />;
  if (query.isError)
    return (
      <DetailsError
        title={t("chargebacks.details.title", { id: chargebackId })}
        testId="chargeback-details-error"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const c = query.data;
  const f = (key: string) => t(`chargebacks.fields.${key as "amount"}`);
  return (
    <Stack gap="lg" data-testid="chargeback-details" data-chargeback-id={c.id} data-status={c.status}>
      <PageTitle title={t("chargebacks.details.title", { id: c.id })}>
        <DataModeBadge isLive={c.is_live} />
        <ChargebackStatusBadge status={c.status} />
      </PageTitle>
      <AnchorLink to="/{-$lang}/chargebacks" params={{ lang }}>
        {t("chargebacks.details.back")}
      </AnchorLink>
      <Accordion multiple variant="separated" defaultValue={["chargeback", "answer"]}>
        <Accordion.Item value="chargeback" data-testid="section-chargeback">
          <Accordion.Control>{t("chargebacks.details.sections.chargeback")}</Accordion.Control>
          <Accordion.Panel>
            <DetailGrid
              items={[
                { key: "transaction_id", label: f("transaction_id"), value: c.transaction_id },
                { key: "order_id", label: f("order_id"), value: c.order_id },
                { key: "amount", label: f("amount"), value: money(c.amount_cents, c.currency, lang) },
                { key: "status", label: f("status"), value: t(`chargebacks.statuses.${c.status}`) },
                { key: "chargeback_date", label: f("chargeback_date"), value: dateTime(c.chargeback_date) },
                { key: "deadline_at", label: f("deadline_at"), value: dateTime(c.deadline_at) },
                // The spec shows VAT and fees in cents.
                { key: "vat_cents", label: f("vat_cents"), value: c.vat_cents },
                { key: "accept_fees_cents", label: f("accept_fees_cents"), value: c.accept_fees_cents },
                {
                  key: "parent_transaction_id",
                  label: f("parent_transaction_id"),
                  value: c.parent_transaction_id,
                },
                { key: "integration_id", label: f("integration_id"), value: c.integration_id },
                { key: "reason", label: f("reason"), value: c.reason },
                { key: "merchant", label: f("merchant"), value: c.merchant.name },
                {
                  key: "answer",
                  label: f("answer"),
                  value: c.answer ? t(`chargebacks.answers.${c.answer}`) : null,
                },
                {
                  key: "answered_at",
                  label: f("answered_at"),
                  value: c.answered_at && dateTime(c.answered_at),
                },
                {
                  key: "resolved_at",
                  label: f("resolved_at"),
                  value: c.resolved_at && dateTime(c.resolved_at),
                },
                { key: "transfer_id", label: f("transfer_id"), value: c.transfer_id },
              ]}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="answer" data-testid="section-answer">
          <Accordion.Control>{t("chargebacks.details.sections.answer")}</Accordion.Control>
          <Accordion.Panel>
            <Answer c={c} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

function Answer({ c }: { c: ChargebackDetails }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const download = async (fileId: number, name: string) => {
    try {
      await downloadEvidence(c.id, fileId, name);
    } catch {
      toast.error(t("exports.downloadFailed"));
    }
  };
  return (
    <Stack>
      {c.evidence_note ? (
        <Text size="sm" data-testid="evidence-note">
          {c.evidence_note}
        </Text>
      ) : null}
      {c.evidence.length > 0 ? (
        <Table striped aria-label={t("chargebacks.details.evidence")} data-testid="evidence-files">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("chargebacks.details.fileName")}</Table.Th>
              <Table.Th>{t("chargebacks.details.fileType")}</Table.Th>
              <Table.Th>{t("chargebacks.details.uploadedAt")}</Table.Th>
              <Table.Th>{t("chargebacks.details.download")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.evidence.map((e) => (
              <Table.Tr key={e.id} data-testid="evidence-file">
                <Table.Td>{e.file_name}</Table.Td>
                <Table.Td>{e.content_type}</Table.Td>
                <Table.Td>{dateTime(e.created_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => void download(e.id, e.file_name)}
                    aria-label={t("chargebacks.details.downloadFile", { name: e.file_name })}
                  >
                    {t("chargebacks.details.download")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed" data-testid="evidence-empty">
          {t("chargebacks.details.noEvidence")}
        </Text>
      )}
      {c.can_answer ? (
        <AnswerForm c={c} />
      ) : c.status === "open" ? (
        <Text size="sm" c="dimmed" data-testid="answer-closed">
          {t("chargebacks.details.cannotAnswer")}
        </Text>
      ) : null}
    </Stack>
  );
}

function AnswerForm({ c }: { c: ChargebackDetails }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const accept = useAcceptChargeback(c.id);
  const submit = useSubmitEvidence(c.id);
  const [confirmOpen, confirm] = useDisclosure(false);
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<Problem | undefined>();

  const fail = (err: unknown) => {
    const p = problemOf(err);
    if (p) setProblem(p);
    else reportError(err);
  };
  const onAccept = async () => {
    try {
      await accept.mutateAsync(undefined);
      toast.success(t("chargebacks.messages.accepted"));
    } catch (err) {
      fail(err);
    }
    confirm.close();
  };
  const onSubmit = async () => {
    setProblem(undefined);
    if (files.length < 1 || files.length > EVIDENCE_MAX_FILES) return setProblem("fileCount");
    if (files.some((file) => file.size > EVIDENCE_MAX_BYTES)) return setProblem("fileSize");
    try {
      const payload = await Promise.all(files.map(evidenceFile));
      await submit.mutateAsync({ files: payload, ...(note.trim() ? { note: note.trim() } : {}) });
      toast.success(t("chargebacks.messages.evidenceSent"));
    } catch (err) {
      fail(err);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="answer-form">
      <Stack>
        <Title order={3} size="h5">
          {t("chargebacks.details.answerTitle", { deadline: dateTime(c.deadline_at) })}
        </Title>
        {problem ? (
          <Alert color="red" role="alert" data-testid="answer-problem" data-problem={problem}>
            {t(`chargebacks.messages.${problem}`)}
          </Alert>
        ) : null}
        <FileInput
          label={t("chargebacks.details.files")}
          description={t("chargebacks.details.filesHint")}
          multiple
          clearable
          clearButtonProps={{ "aria-label": t("chargebacks.details.clearFiles") }}
          accept="image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf"
          value={files}
          onChange={(v) => setFiles(v ?? [])}
          data-testid="evidence-input"
        />
        <Textarea
          label={t("chargebacks.details.note")}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
          data-testid="evidence-note-input"
        />
        <Group justify="space-between">
          <Button variant="outline" color="red.9" onClick={confirm.open} data-testid="chargeback-accept">
            {t("chargebacks.details.accept")}
          </Button>
          <Button onClick={() => void onSubmit()} loading={submit.isPending} data-testid="evidence-submit">
            {t("chargebacks.details.submitEvidence")}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirmOpen}
        onClose={confirm.close}
        title={t("chargebacks.details.acceptTitle")}
        body={t("chargebacks.details.acceptBody")}
        confirmLabel={t("chargebacks.details.accept")}
        danger
        loading={accept.isPending}
        onConfirm={() => void onAccept()}
        testId="chargeback-accept-modal"
      />
    </Paper>
  );
}
