import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import {
  type MoveBody,
  useCompleteWalkthrough,
  useMoveWalkthrough,
  useStartOver,
  useStartWalkthrough,
  useWalkthrough,
  useWalkthroughSummary,
  type WalkthroughState,
} from "../../api/walkthrough.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useLabels } from "../../i18n/useLabels.ts";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useViewMode } from "../../live/viewpoint.ts";
import { LiveIntegration, TestIntegration } from "./IntegrationSteps.tsx";

/** Error codes the server answers with their own message (translated in walkthrough.errors). */
const KNOWN_ERRORS = [
  "walkthrough_not_started",
  "walkthrough_live_locked",
  "walkthrough_onboarding_incomplete",
];

/**
 * Checkout integration walkthrough (merchant-dashboard.md section 2 "Checkout integration flow"): the welcome
 * page, the Test Integration steps, the Live Integration (locked until a real test payment arrived), the
 * Integrate-with page with Start Over, and the Checkout V2 summaries once onboarding is complete. The state is
 * the server's, so another device resumes where this one stopped.
 */
export default function CheckoutWalkthroughPage() {
  const { t } = useTranslation();
  const { session } = useDashboard();
  const state = useWalkthrough();
  const start = useStartWalkthrough();
  const move = useMoveWalkthrough();
  const complete = useCompleteWalkthrough();
  const startOver = useStartOver();
  const [confirmStartOver, setConfirmStartOver] = useState(false);
  const busy = start.isPending || move.isPending || complete.isPending || startOver.isPending;
  const mayRecreate = session.permNames.includes("can recreate public secret keys");

  const failed = (err: unknown) => {
    if (isApiError(err) && err.handled) return;
    const code = isApiError(err) ? err.code : undefined;
    toast.error(
      code && KNOWN_ERRORS.includes(code)
        ? t(`walkthrough.errors.${code as "walkthrough_not_started"}`)
        : t("walkthrough.failed"),
    );
  };
  const onMove = (to: MoveBody) => move.mutate(to, { onError: failed });

  const data = state.data;
  return (
    <Stack data-testid="walkthrough-page" data-view={data?.view ?? "loading"}>
      <PageTitle title={t("walkthrough.title")}>
        {data && data.view !== "welcome" ? (
          <Badge
            size="lg"
            variant="light"
            color={data.onboarding_completed ? "teal.9" : "#a35200"}
            data-testid="walkthrough-status"
            data-status={data.onboarding_completed ? "complete" : "incomplete"}
          >
            {data.onboarding_completed
              ? t("walkthrough.status.complete")
              : t("walkthrough.status.incomplete")}
          </Badge>
        ) : null}
      </PageTitle>
      {state.isError ? (
        <Alert color="red" data-testid="walkthrough-error">
          <Group justify="space-between">
            <Text size="sm">{t("walkthrough.loadError")}</Text>
            <Button size="xs" variant="default" onClick={() => void state.refetch()}>
              {t("walkthrough.retry")}
            </Button>
          </Group>
        </Alert>
      ) : !data ? (
        <Stack aria-busy="true" data-testid="walkthrough-loading">
          <Skeleton height={120} radius="lg" />
          <Skeleton height={120} radius="lg" />
        </Stack>
      ) : data.view === "welcome" ? (
        <Welcome busy={busy} onStart={(guided) => start.mutate(guided, { onError: failed })} />
      ) : data.view === "test" ? (
        <TestIntegration state={data} busy={busy} mayRecreate={mayRecreate} onMove={onMove} />
      ) : data.view === "live" ? (
        <LiveIntegration
          state={data}
          busy={busy}
          mayRecreate={mayRecreate}
          onMove={onMove}
          onDone={() => complete.mutate(undefined, { onError: failed })}
        />
      ) : (
        <IntegrateWith
          state={data}
          busy={busy}
          onMove={onMove}
          onStartOver={() => setConfirmStartOver(true)}
        />
      )}
      <ConfirmModal
        opened={confirmStartOver}
        onClose={() => setConfirmStartOver(false)}
        title={t("walkthrough.startOver.title")}
        body={t("walkthrough.startOver.body")}
        confirmLabel={t("walkthrough.startOver.confirm")}
        danger
        loading={startOver.isPending}
        onConfirm={() =>
          startOver.mutate(undefined, {
            onError: failed,
            onSuccess: () => toast.success(t("walkthrough.startOver.done")),
            onSettled: () => setConfirmStartOver(false),
          })
        }
        testId="walkthrough-start-over-modal"
      />
    </Stack>
  );
}

function Welcome({ busy, onStart }: { busy: boolean; onStart: (guided: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Paper p="xl" radius="lg" withBorder data-testid="walkthrough-welcome">
      <Stack align="flex-start">
        <Title order={2} size="h3">
          {t("walkthrough.welcome.title")}
        </Title>
        <Text>{t("walkthrough.welcome.body")}</Text>
        <Group>
          <Button disabled={busy} onClick={() => onStart(true)} data-testid="walkthrough-walk-me">
            {t("walkthrough.welcome.walkMe")}
          </Button>
          <Button
            variant="default"
            disabled={busy}
            onClick={() => onStart(false)}
            data-testid="walkthrough-start"
          >
            {t("walkthrough.welcome.start")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function IntegrateWith(props: {
  state: WalkthroughState;
  busy: boolean;
  onMove: (to: MoveBody) => void;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const { state, busy, onMove } = props;
  return (
    <Stack data-testid="walkthrough-integrate">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t("walkthrough.integrate.title")}
        </Title>
        <Button
          variant="outline"
          color="red.9"
          disabled={busy}
          onClick={props.onStartOver}
          data-testid="walkthrough-start-over"
        >
          {t("walkthrough.startOver.button")}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper
          p="md"
          radius="lg"
          withBorder
          data-testid="walkthrough-card-test"
          data-done={state.test_completed}
        >
          <Stack align="flex-start">
            <Group>
              <Title order={3} size="h4">
                {t("walkthrough.test.title")}
              </Title>
              <Badge variant="light" color={state.test_completed ? "teal.9" : "#a35200"}>
                {state.test_completed
                  ? t("walkthrough.integrate.completed")
                  : t("walkthrough.integrate.notCompleted")}
              </Badge>
            </Group>
            <Text size="sm">{t("walkthrough.integrate.testBody")}</Text>
            <Button
              variant="light"
              disabled={busy}
              onClick={() => onMove({ view: "test", test_step: 1 })}
              data-testid="walkthrough-open-test"
            >
              {t("walkthrough.integrate.openTest")}
            </Button>
          </Stack>
        </Paper>
        <Paper
          p="md"
          radius="lg"
          withBorder
          data-testid="walkthrough-card-live"
          data-locked={!state.live_unlocked}
        >
          <Stack align="flex-start">
            <Group>
              <Title order={3} size="h4">
                {t("walkthrough.live.title")}
              </Title>
              <Badge variant="light" color={state.live_unlocked ? "teal.9" : "gray.8"}>
                {state.live_unlocked
                  ? t("walkthrough.integrate.unlocked")
                  : t("walkthrough.integrate.locked")}
              </Badge>
            </Group>
            <Text size="sm" data-testid={state.live_unlocked ? undefined : "walkthrough-live-locked"}>
              {state.live_unlocked ? t("walkthrough.integrate.liveBody") : t("walkthrough.live.locked")}
            </Text>
            <Button
              variant="light"
              disabled={busy || !state.live_unlocked}
              onClick={() => onMove({ view: "live" })}
              data-testid="walkthrough-open-live"
            >
              {t("walkthrough.integrate.openLive")}
            </Button>
          </Stack>
        </Paper>
      </SimpleGrid>
      {state.onboarding_completed ? (
        <Summaries />
      ) : (
        <Alert color="blue" data-testid="walkthrough-summary-locked">
          {t("walkthrough.errors.walkthrough_onboarding_incomplete")}
        </Alert>
      )}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Intentions, Customers and Confirmations summaries and the payment methods (Checkout V2 onboarding done). */
function Summaries() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { code } = useLabels();
  const { isLive } = useViewMode("merchant");
  const summary = useWalkthroughSummary(isLive, true);
  const s = summary.data;
  if (summary.isError)
    return (
      <Alert color="red" data-testid="walkthrough-summary-error">
        <Group justify="space-between">
          <Text size="sm">{t("walkthrough.loadError")}</Text>
          <Button size="xs" variant="default" onClick={() => void summary.refetch()}>
            {t("walkthrough.retry")}
          </Button>
        </Group>
      </Alert>
    );
  if (!s) return <Skeleton height={160} radius="lg" aria-busy="true" />;
  return (
    <Stack data-testid="walkthrough-summary" data-live={s.is_live}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t("walkthrough.summary.period", { days: s.days })}
        </Text>
        <DataModeBadge isLive={isLive} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper p="md" radius="lg" withBorder data-testid="walkthrough-intentions">
          <Title order={3} size="h5" mb="xs">
            {t("walkthrough.summary.intentions")}
          </Title>
          <Group>
            <Figure
              label={t("walkthrough.summary.created")}
              value={s.intentions.created}
              testId="summary-intentions-created"
            />
            <Figure
              label={t("walkthrough.summary.paid")}
              value={s.intentions.paid}
              testId="summary-intentions-paid"
            />
          </Group>
          {s.intentions.paid_amounts.map((a) => (
            <Text key={a.currency} size="sm" data-testid="summary-paid-amount">
              {money(a.amount_cents, a.currency, lang)}
            </Text>
          ))}
        </Paper>
        <Paper p="md" radius="lg" withBorder data-testid="walkthrough-customers">
          <Title order={3} size="h5" mb="xs">
            {t("walkthrough.summary.customers")}
          </Title>
          <Group>
            <Figure
              label={t("walkthrough.summary.customerCount")}
              value={s.customers.count}
              testId="summary-customers"
            />
            <Figure
              label={t("walkthrough.summary.paying")}
              value={s.customers.paying}
              testId="summary-paying"
            />
          </Group>
        </Paper>
        <Paper p="md" radius="lg" withBorder data-testid="walkthrough-confirmations">
          <Title order={3} size="h5" mb="xs">
            {t("walkthrough.summary.confirmations")}
          </Title>
          <Group>
            <Figure
              label={t("walkthrough.summary.delivered")}
              value={s.confirmations.delivered}
              testId="summary-delivered"
            />
            <Figure
              label={t("walkthrough.summary.failed")}
              value={s.confirmations.failed}
              testId="summary-failed"
            />
          </Group>
        </Paper>
      </SimpleGrid>
      <Paper p="md" radius="lg" withBorder>
        <Title order={3} size="h5" mb="xs">
          {t("walkthrough.summary.methods")}
        </Title>
        {s.payment_methods.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="summary-methods-empty">
            {t("walkthrough.summary.noMethods")}
          </Text>
        ) : (
          <Table striped aria-label={t("walkthrough.summary.methods")} data-testid="summary-methods">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("walkthrough.summary.methodId")}</Table.Th>
                <Table.Th>{t("walkthrough.summary.methodName")}</Table.Th>
                <Table.Th>{t("walkthrough.summary.methodGateway")}</Table.Th>
                <Table.Th>{t("walkthrough.summary.methodCurrency")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.payment_methods.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.id}</Table.Td>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{code("gateways", p.gateway_type)}</Table.Td>
                  <Table.Td>{p.currency}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
