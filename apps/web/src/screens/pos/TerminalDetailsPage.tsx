import { Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRecreateTerminalKeys, useTerminal } from "../../api/pos.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DetailGrid } from "../../components/DetailGrid.tsx";
import { DetailsError } from "../../components/DetailsError.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import { Amounts } from "./Amounts.tsx";
import { TerminalDialog } from "./TerminalDialog.tsx";
import { TerminalKeysModal } from "./TerminalKeysModal.tsx";

/**
 * A terminal's details (spec section 2): ID, created at, branch ID; branch name, city, address, transactions and
 * amount in the live or test mode; the 'Terminal Device' dialog, and new keys (after a confirmation: the old ones
 * stop at once).
 */
export default function TerminalDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: "/{-$lang}/app/terminals/$id" });
  const { lang, session } = useDashboard();
  const { isLive } = useLiveMode();
  const { dateTime } = useDateFormat();
  const query = useTerminal(Number(id), isLive);
  const recreate = useRecreateTerminalKeys(Number(id));
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [keys, setKeys] = useState<{ test_key: string; live_key: string } | null>(null);
  const isTerminal = session.type === "Terminal";

  if (query.isPending) return <Skeleton height={300} />;
  if (query.isError)
    return (
      <DetailsError
        title={t("pos.terminals.detailsTitle")}
        testId="terminal-details-error"
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        <AnchorLink to="/{-$lang}/terminals" params={{ lang }}>
          {t("pos.terminals.back")}
        </AnchorLink>
      </DetailsError>
    );
  const x = query.data;
  const renew = async () => {
    try {
      setKeys(await recreate.mutateAsync());
      setConfirming(false);
    } catch {
      setConfirming(false);
      toast.error(t("pos.updateFailed"));
    }
  };
  return (
    <Stack gap="lg" data-testid="terminal-details" data-terminal-id={x.id}>
      <PageTitle title={t("pos.terminals.detailsTitleNamed", { id: x.terminal_id })}>
        {isTerminal ? null : (
          <Group>
            <Button onClick={() => setEditing(true)} data-testid="terminal-edit">
              {t("pos.edit")}
            </Button>
            <Button
              variant="default"
              color="red"
              onClick={() => setConfirming(true)}
              data-testid="terminal-rekey"
            >
              {t("pos.keys.recreate")}
            </Button>
          </Group>
        )}
      </PageTitle>
      <AnchorLink to="/{-$lang}/terminals" params={{ lang }}>
        {t("pos.terminals.back")}
      </AnchorLink>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("pos.terminals.device")}
        </Title>
        <DetailGrid
          testId="terminal-fields"
          items={[
            {
              key: "terminal_id",
              label: t("pos.terminals.fields.terminal_id"),
              value: <span dir="ltr">{x.terminal_id}</span>,
            },
            { key: "created_at", label: t("pos.fields.created_at"), value: dateTime(x.created_at) },
            {
              key: "branch_id",
              label: t("pos.branches.fields.branch_id"),
              value: x.branch_id && <span dir="ltr">{x.branch_id}</span>,
            },
          ]}
        />
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("pos.terminals.branchAndSales")}
        </Title>
        <DetailGrid
          testId="terminal-branch-fields"
          items={[
            { key: "branch_name", label: t("pos.branches.fields.branch_name"), value: x.branch_name },
            { key: "city", label: t("pos.branches.fields.city"), value: x.city },
            { key: "address", label: t("pos.branches.fields.address"), value: x.address },
            {
              key: "transactions",
              label: t("pos.terminals.fields.transactions"),
              value: x.transactions.toLocaleString(lang === "ar" ? "ar-EG" : "en-US"),
            },
            {
              key: "amount",
              label: t("pos.terminals.fields.amount"),
              value: <Amounts amounts={x.amounts} />,
            },
          ]}
        />
        <Text size="xs" c="dimmed" mt="sm">
          {isLive ? t("pos.terminals.liveFigures") : t("pos.terminals.testFigures")}
        </Text>
      </Paper>
      {x.key_prefixes.length > 0 ? (
        <Paper withBorder radius="lg" p="md">
          <Title order={2} size="h4" mb="sm">
            {t("pos.keys.heading")}
          </Title>
          <Text size="sm" dir="ltr">
            {x.key_prefixes.map((p) => `${p}…`).join("  ")}
          </Text>
        </Paper>
      ) : null}
      {editing ? <TerminalDialog terminal={x} onClose={() => setEditing(false)} /> : null}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("pos.keys.recreate")}
        body={t("pos.keys.recreateBody")}
        confirmLabel={t("pos.keys.recreate")}
        danger
        loading={recreate.isPending}
        onConfirm={() => void renew()}
        testId="terminal-rekey-confirm"
      />
      {keys ? (
        <TerminalKeysModal terminalId={x.terminal_id} keys={keys} onClose={() => setKeys(null)} />
      ) : null}
    </Stack>
  );
}
