import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useLiveMode } from "../../live/useLiveMode.ts";
import classes from "./DevelopersPage.module.css";
import {
  type TestDelivery,
  useCancelPending,
  useMoveClock,
  useReplayDelivery,
  useTestClock,
  useTestDeliveries,
} from "./developers.api.ts";

const UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNITS;

/** A code block: focusable and labelled (axe: a scrollable region must be reachable by keyboard). */
function CodeBlock({ label, children, testId }: { label: string; children: string; testId?: string }) {
  return (
    <Code
      block
      className={classes.code}
      role="region"
      tabIndex={0}
      aria-label={label}
      data-testid={testId}
      dir="ltr"
    >
      {children}
    </Code>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** "1 d 2 h 5 min" in the page's language. */
function useDuration() {
  const { t } = useTranslation();
  return (ms: number) => {
    const minutes = Math.floor(ms / 60_000);
    const d = Math.floor(minutes / 1440);
    const h = Math.floor((minutes % 1440) / 60);
    const m = minutes % 60;
    const parts = [
      d > 0 ? t("developers.clock.days", { count: d }) : null,
      h > 0 ? t("developers.clock.hours", { count: h }) : null,
      m > 0 || (d === 0 && h === 0) ? t("developers.clock.minutes", { count: m }) : null,
    ];
    return parts.filter(Boolean).join(" ");
  };
}

function ClockPanel() {
  const { t } = useTranslation();
  const { lang, session } = useDashboard();
  const clock = useTestClock(true);
  const move = useMoveClock();
  const duration = useDuration();
  const [amount, setAmount] = useState<number | string>(1);
  const [unit, setUnit] = useState<Unit>("hours");
  const [instant, setInstant] = useState("");
  const [confirmReset, setConfirmReset] = useState(false);
  const mayMove = session.permNames.includes("can update payment integration");

  const run = async (m: Parameters<typeof move.mutateAsync>[0]) => {
    try {
      await move.mutateAsync(m);
      toast.success(t("developers.clock.moved"));
    } catch (err) {
      if (isApiError(err) && err.handled) return;
      toast.error(
        isApiError(err) && err.status === 400
          ? t("developers.clock.backwards")
          : t("developers.clock.failed"),
      );
    }
  };
  const advance = () => {
    const n = typeof amount === "number" ? amount : Number(amount);
    if (!Number.isInteger(n) || n < 1) {
      toast.error(t("developers.clock.positive"));
      return;
    }
    void run({ kind: "advance", seconds: n * UNITS[unit] });
  };
  const set = () => {
    const date = new Date(instant);
    if (!instant || Number.isNaN(date.getTime())) {
      toast.error(t("developers.clock.chooseInstant"));
      return;
    }
    void run({ kind: "set", now: date.toISOString() });
  };

  const noView = isApiError(clock.error) && clock.error.status === 403;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="developers-clock">
      <Title order={2} size="h4" mb="xs">
        {t("developers.clock.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("developers.clock.intro")}
      </Text>
      {clock.isPending ? (
        <Skeleton height={60} data-testid="developers-clock-loading" />
      ) : noView ? (
        <Text>{t("developers.clock.noPermission")}</Text>
      ) : clock.isError ? (
        <Group>
          <Text c="red.9">{t("developers.clock.loadFailed")}</Text>
          <Button size="xs" variant="default" onClick={() => void clock.refetch()}>
            {t("developers.retry")}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          <Group gap="xl" wrap="wrap">
            <div>
              <Text size="sm" c="dimmed">
                {t("developers.clock.now")}
              </Text>
              <Text fw={600} data-testid="developers-clock-now">
                {formatDateTime(clock.data.now, lang)}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t("developers.clock.offset")}
              </Text>
              <Group gap="xs">
                <Text fw={600} data-testid="developers-clock-offset" data-offset-ms={clock.data.offset_ms}>
                  {clock.data.moved ? duration(clock.data.offset_ms) : t("developers.clock.realTime")}
                </Text>
                {clock.data.moved ? (
                  <Badge color="#a33b06" variant="filled" size="sm">
                    {t("developers.clock.ahead")}
                  </Badge>
                ) : null}
              </Group>
            </div>
          </Group>
          {mayMove ? (
            <>
              <Group align="end" wrap="wrap">
                <NumberInput
                  label={t("developers.clock.amount")}
                  value={amount}
                  onChange={setAmount}
                  min={1}
                  allowDecimal={false}
                  w={120}
                  data-testid="developers-clock-amount"
                />
                <Select
                  label={t("developers.clock.unit")}
                  value={unit}
                  onChange={(v) => v && setUnit(v as Unit)}
                  data={(Object.keys(UNITS) as Unit[]).map((u) => ({
                    value: u,
                    label: t(`developers.clock.units.${u}`),
                  }))}
                  allowDeselect={false}
                  w={140}
                  data-testid="developers-clock-unit"
                />
                <Button onClick={advance} loading={move.isPending} data-testid="developers-clock-advance">
                  {t("developers.clock.advance")}
                </Button>
              </Group>
              <Group align="end" wrap="wrap">
                <TextInput
                  type="datetime-local"
                  label={t("developers.clock.setTo")}
                  value={instant}
                  onChange={(e) => setInstant(e.currentTarget.value)}
                  data-testid="developers-clock-instant"
                />
                <Button variant="default" onClick={set} loading={move.isPending}>
                  {t("developers.clock.set")}
                </Button>
                <Button
                  variant="default"
                  color="red.9"
                  onClick={() => setConfirmReset(true)}
                  disabled={!clock.data.moved}
                  data-testid="developers-clock-reset"
                >
                  {t("developers.clock.reset")}
                </Button>
              </Group>
            </>
          ) : (
            <Text size="sm">{t("developers.clock.noMove")}</Text>
          )}
        </Stack>
      )}
      <ConfirmModal
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t("developers.clock.resetTitle")}
        body={t("developers.clock.resetBody")}
        confirmLabel={t("developers.clock.reset")}
        danger
        loading={move.isPending}
        onConfirm={() => {
          setConfirmReset(false);
          void run({ kind: "reset" });
        }}
        testId="developers-clock-reset-modal"
      />
    </Paper>
  );
}

function DeliveryCard({ delivery }: { delivery: TestDelivery }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const replay = useReplayDelivery();
  const [open, setOpen] = useState(false);
  const onReplay = async () => {
    try {
      const answer = await replay.mutateAsync(delivery.id);
      if (answer.success) toast.success(t("developers.deliveries.replayed"));
      else toast.warning(t("developers.deliveries.replayedFailed"));
    } catch (err) {
      if (!(isApiError(err) && err.handled)) toast.error(t("developers.deliveries.replayFailed"));
    }
  };
  const status =
    delivery.status_code !== null
      ? String(delivery.status_code)
      : delivery.finished_at
        ? t("developers.deliveries.noAnswer")
        : t("developers.deliveries.inFlight");
  return (
    <Paper withBorder radius="md" p="sm" data-testid="developers-delivery" data-delivery-id={delivery.id}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge color={delivery.success ? "teal.9" : "red.9"} variant="filled" size="sm">
            {delivery.success ? t("developers.deliveries.delivered") : t("developers.deliveries.failed")}
          </Badge>
          <Text size="sm" fw={600}>
            {t(`developers.deliveries.kinds.${delivery.kind}`)} · {t("developers.deliveries.transaction")}{" "}
            {delivery.transaction_id}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(delivery.attempted_at, lang)}
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? t("developers.deliveries.hide") : t("developers.deliveries.show")}
          </Button>
          <Button
            size="xs"
            onClick={() => void onReplay()}
            loading={replay.isPending}
            aria-label={t("developers.deliveries.replayLabel", { id: delivery.id })}
            data-testid="developers-replay"
          >
            {t("developers.deliveries.replay")}
          </Button>
        </Group>
      </Group>
      <Group gap="lg" mt={6} wrap="wrap">
        <Text size="sm">
          {t("developers.deliveries.status")}: <span data-testid="developers-delivery-status">{status}</span>
        </Text>
        <Text size="sm">
          {t("developers.deliveries.attempt")}: {delivery.attempt} (
          {t(`developers.deliveries.triggers.${delivery.trigger}`)})
        </Text>
        {delivery.next_attempt_at ? (
          <Text size="sm">
            {t("developers.deliveries.nextAttempt")}: {formatDateTime(delivery.next_attempt_at, lang)}
          </Text>
        ) : null}
      </Group>
      <Text size="sm" mt={4} className={classes.url} dir="ltr">
        POST {delivery.url}
      </Text>
      {open ? (
        <Stack gap="xs" mt="sm">
          <Text size="sm" fw={600}>
            {t("developers.deliveries.signature")}
          </Text>
          <CodeBlock label={t("developers.deliveries.signatureLabel", { id: delivery.id })}>
            {delivery.signature}
          </CodeBlock>
          <Text size="sm" fw={600}>
            {t("developers.deliveries.headers")}
          </Text>
          <CodeBlock label={t("developers.deliveries.headersLabel", { id: delivery.id })}>
            {Object.entries(delivery.request.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join("\n")}
          </CodeBlock>
          <Text size="sm" fw={600}>
            {t("developers.deliveries.body")}
          </Text>
          <CodeBlock
            label={t("developers.deliveries.bodyLabel", { id: delivery.id })}
            testId="developers-delivery-body"
          >
            {prettyJson(delivery.request.body)}
          </CodeBlock>
          {delivery.error || delivery.response_excerpt ? (
            <>
              <Text size="sm" fw={600}>
                {t("developers.deliveries.answer")}
              </Text>
              <CodeBlock label={t("developers.deliveries.answerLabel", { id: delivery.id })}>
                {delivery.error ?? delivery.response_excerpt ?? ""}
              </CodeBlock>
            </>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}

function DeliveriesPanel() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const list = useTestDeliveries(true);
  const cancel = useCancelPending();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const onCancel = async () => {
    if (cancelling === null) return;
    try {
      await cancel.mutateAsync(cancelling);
      toast.success(t("developers.pending.cancelled"));
    } catch (err) {
      if (!(isApiError(err) && err.handled)) toast.error(t("developers.pending.cancelFailed"));
    } finally {
      setCancelling(null);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" data-testid="developers-deliveries">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t("developers.deliveries.title")}
        </Title>
        <Button size="xs" variant="default" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t("developers.refresh")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t("developers.deliveries.intro")}
      </Text>
      {list.isPending ? (
        <Stack data-testid="developers-deliveries-loading">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : list.isError ? (
        <Group>
          <Text c="red.9">{t("developers.deliveries.loadFailed")}</Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            {t("developers.retry")}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          {list.data.pending.length > 0 ? (
            <Stack gap={6} data-testid="developers-pending">
              <Title order={3} size="h5">
                {t("developers.pending.title")}
              </Title>
              {list.data.pending.map((p) => (
                <Group key={p.id} justify="space-between" wrap="wrap" data-testid="developers-pending-row">
                  <Text size="sm">
                    {t(`developers.deliveries.kinds.${p.kind}`)} · {t("developers.deliveries.transaction")}{" "}
                    {p.transaction_id} · {t("developers.deliveries.attempt")} {p.attempt} ·{" "}
                    {p.next_attempt_at
                      ? formatDateTime(p.next_attempt_at, lang)
                      : t("developers.pending.parked")}
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    color="red.9"
                    onClick={() => setCancelling(p.id)}
                    aria-label={t("developers.pending.cancelLabel", { id: p.id })}
                    data-testid="developers-cancel"
                  >
                    {t("developers.pending.cancel")}
                  </Button>
                </Group>
              ))}
            </Stack>
          ) : null}
          {list.data.results.length === 0 ? (
            <Text data-testid="developers-deliveries-empty">{t("developers.deliveries.empty")}</Text>
          ) : (
            list.data.results.map((d) => <DeliveryCard key={d.id} delivery={d} />)
          )}
        </Stack>
      )}
      <ConfirmModal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t("developers.pending.cancelTitle")}
        body={t("developers.pending.cancelBody")}
        confirmLabel={t("developers.pending.cancel")}
        danger
        loading={cancel.isPending}
        onConfirm={() => void onCancel()}
        testId="developers-cancel-modal"
      />
    </Paper>
  );
}

const HOST = typeof window === "undefined" ? "https://portal.example" : window.location.origin;

function Snippets() {
  const { t } = useTranslation();
  const auth = '-H "Authorization: Token $TEST_SECRET_KEY"';
  const snippets: {
    key: "complete" | "deliveries" | "replay" | "cancel" | "fault" | "clock";
    code: string;
  }[] = [
    {
      key: "complete",
      code: `curl -X POST ${HOST}/v1/test/intentions/$CLIENT_SECRET/complete ${auth} \\\n  -H "Content-Type: application/json" -d '{"scenario": "approved"}'`,
    },
    { key: "deliveries", code: `curl ${HOST}/v1/test/deliveries?limit=20 ${auth}` },
    { key: "replay", code: `curl -X POST ${HOST}/v1/test/deliveries/$DELIVERY_ID/replay ${auth}` },
    { key: "cancel", code: `curl -X POST ${HOST}/v1/test/deliveries/pending/$PENDING_ID/cancel ${auth}` },
    {
      key: "fault",
      code: `curl -X POST ${HOST}/v1/test/faults ${auth} \\\n  -H "Content-Type: application/json" -d '{"route": "POST /v1/intention/", "status": 503}'`,
    },
    {
      key: "clock",
      code: `curl -X POST ${HOST}/v1/test/clock/advance ${auth} \\\n  -H "Content-Type: application/json" -d '{"seconds": 86400}'\ncurl -X POST ${HOST}/v1/test/clock/reset ${auth}`,
    },
  ];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="developers-snippets">
      <Title order={2} size="h4" mb="xs">
        {t("developers.snippets.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("developers.snippets.intro")} <Code>Authorization: Token sk_test_…</Code>
      </Text>
      <Stack gap="sm">
        {snippets.map((s) => (
          <div key={s.key}>
            <Text size="sm" fw={600} mb={4}>
              {t(`developers.snippets.${s.key}`)}
            </Text>
            <CodeBlock label={t(`developers.snippets.${s.key}`)}>{s.code}</CodeBlock>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Developers (issue 15 item 4; docs/payments.md "Test helpers"): the test clock (now, offset, advance, set,
 * reset after a confirmation), the recent test-mode callback deliveries with their bodies and signatures, replay
 * and cancel, and how a merchant's own tests call the same helpers with the test secret key. Test mode only: in
 * live mode the page says so and shows the snippets alone.
 */
export default function DevelopersPage() {
  const { t } = useTranslation();
  const { isLive } = useLiveMode();
  return (
    <Stack gap="lg" data-testid="developers-page">
      <PageTitle title={t("developers.title")} />
      {isLive ? (
        <Alert color="blue" title={t("developers.liveTitle")} data-testid="developers-live">
          {t("developers.liveBody")}
        </Alert>
      ) : (
        <>
          <ClockPanel />
          <DeliveriesPanel />
        </>
      )}
      <Snippets />
    </Stack>
  );
}
