import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { MoveBody, WalkthroughState } from "../../api/walkthrough.api.ts";
import { AnchorLink } from "../../components/links.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useDateFormat } from "../../lib/useDateFormat.ts";
import {
  checkoutElement,
  serverCall,
  TEST_CARD_CVV,
  TEST_CARD_EXPIRY,
  TEST_CARD_HOLDER,
  TEST_CARDS,
  TEST_OTP,
} from "./codeSamples.ts";
import { CopyValue, KeyField, NewSecretKey } from "./KeyParts.tsx";
import { TestScenarios } from "./TestScenarios.tsx";

interface StepsProps {
  state: WalkthroughState;
  busy: boolean;
  mayRecreate: boolean;
  onMove: (to: MoveBody) => void;
}

/** Test Integration: 1 copy a key, 2 mount (the element and the server call), 3 pay with a test card. */
export function TestIntegration({ state, busy, mayRecreate, onMove }: StepsProps) {
  const { t } = useTranslation();
  const step = state.test_step;
  const go = (to: number) => onMove({ view: "test", test_step: to });
  return (
    <Paper p="md" radius="lg" withBorder data-testid="walkthrough-test" data-step={step}>
      <Stack>
        <Title order={2} size="h3">
          {t("walkthrough.test.title")}
        </Title>
        <Stepper active={step - 1} onStepClick={(i) => go(i + 1)} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label={t("walkthrough.test.step1")} />
          <Stepper.Step label={t("walkthrough.test.step2")} />
          <Stepper.Step label={t("walkthrough.test.step3")} />
        </Stepper>
        {step === 1 ? <CopyKeys state={state} mayRecreate={mayRecreate} /> : null}
        {step === 2 ? <Mount state={state} /> : null}
        {step === 3 ? <PayWithTestCard state={state} /> : null}
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={busy}
            onClick={() => (step > 1 ? go(step - 1) : onMove({ view: "integrate" }))}
            data-testid="walkthrough-back"
          >
            {t("walkthrough.back")}
          </Button>
          {step < 3 ? (
            <Button disabled={busy} onClick={() => go(step + 1)} data-testid="walkthrough-next">
              {t("walkthrough.next")}
            </Button>
          ) : (
            <Button
              disabled={busy || !state.test_completed}
              onClick={() => onMove({ view: "live" })}
              data-testid="walkthrough-done"
            >
              {t("walkthrough.done")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function NoKeys() {
  const { t } = useTranslation();
  return (
    <Alert color="red" data-testid="walkthrough-no-keys">
      {t("walkthrough.keys.noView")}
    </Alert>
  );
}

function CopyKeys({ state, mayRecreate }: { state: WalkthroughState; mayRecreate: boolean }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  return (
    <Stack data-testid="walkthrough-step-keys">
      <Text>{t("walkthrough.test.keysIntro")}</Text>
      {state.test_keys ? (
        <>
          <KeyField
            label={t("walkthrough.keys.testPublic")}
            testId="walkthrough-test-public"
            value={state.test_keys.public_key}
          />
          <KeyField
            label={t("walkthrough.keys.testSecret")}
            testId="walkthrough-test-secret"
            value={null}
            prefix={state.test_keys.secret_prefix}
          />
          <NewSecretKey isLive={false} mayRecreate={mayRecreate} />
          <AnchorLink to="/{-$lang}/api-keys" params={{ lang }} size="sm">
            {t("walkthrough.keys.allKeys")}
          </AnchorLink>
        </>
      ) : (
        <NoKeys />
      )}
    </Stack>
  );
}

function CodeBlock({
  title,
  hint,
  code,
  testId,
}: {
  title: string;
  hint: string;
  code: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Title order={3} size="h5">
          {title}
        </Title>
        <CopyValue value={code} testId={`${testId}-copy`} label={`${t("walkthrough.copy")} ${title}`} />
      </Group>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      <Code
        block
        dir="ltr"
        role="region"
        aria-label={title}
        tabIndex={0}
        data-testid={testId}
        style={{ whiteSpace: "pre", overflowX: "auto" }}
      >
        {code}
      </Code>
    </Stack>
  );
}

function Mount({ state }: { state: WalkthroughState }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const input = {
    base: window.location.origin,
    publicKey: state.test_keys?.public_key ?? "PUBLIC_KEY",
    integrationId: state.test_integration?.id ?? null,
    currency: state.test_integration?.currency ?? "EGP",
  };
  return (
    <Stack data-testid="walkthrough-step-mount">
      <Text>{t("walkthrough.test.mountIntro")}</Text>
      {state.test_integration ? null : (
        <Alert color="yellow" data-testid="walkthrough-no-integration">
          <Text size="sm">{t("walkthrough.test.noIntegration")}</Text>
          <AnchorLink to="/{-$lang}/payment-integrations" params={{ lang }} size="sm">
            {t("walkthrough.test.addIntegration")}
          </AnchorLink>
        </Alert>
      )}
      <CodeBlock
        title={t("walkthrough.test.serverTitle")}
        hint={t("walkthrough.test.serverHint")}
        code={serverCall(input)}
        testId="walkthrough-code-server"
      />
      <CodeBlock
        title={t("walkthrough.test.elementTitle")}
        hint={t("walkthrough.test.elementHint")}
        code={checkoutElement(input)}
        testId="walkthrough-code-element"
      />
      <Text size="sm">
        {t("walkthrough.test.docs")}{" "}
        <Anchor href="/api/docs" target="_blank" rel="noopener noreferrer">
          {t("walkthrough.test.docsLink")}
        </Anchor>
      </Text>
    </Stack>
  );
}

function PayWithTestCard({ state }: { state: WalkthroughState }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { dateTime } = useDateFormat();
  return (
    <Stack data-testid="walkthrough-step-pay">
      <Text>{t("walkthrough.test.payIntro")}</Text>
      <Table
        withTableBorder
        striped
        aria-label={t("walkthrough.test.cardsTitle")}
        data-testid="walkthrough-cards"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("walkthrough.test.cardNumber")}</Table.Th>
            <Table.Th>{t("walkthrough.test.cardBrand")}</Table.Th>
            <Table.Th>{t("walkthrough.test.cardOutcome")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {TEST_CARDS.map((c) => (
            <Table.Tr key={c.number}>
              <Table.Td>
                <Code dir="ltr">{c.number}</Code>
              </Table.Td>
              <Table.Td>{c.brand}</Table.Td>
              <Table.Td>{t(`walkthrough.test.outcome.${c.outcome}` as const, { otp: TEST_OTP })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        {t("walkthrough.test.cardDetails", {
          holder: TEST_CARD_HOLDER,
          expiry: TEST_CARD_EXPIRY,
          cvv: TEST_CARD_CVV,
        })}
      </Text>
      <TestScenarios />
      {state.test_completed && state.test_payment ? (
        <Alert color="teal" data-testid="walkthrough-payment-received" role="status">
          {t("walkthrough.test.received", {
            id: state.test_payment.transaction_id,
            amount: money(state.test_payment.amount_cents, state.test_payment.currency, lang),
            at: dateTime(state.test_payment.created_at),
          })}
        </Alert>
      ) : (
        <Alert color="blue" data-testid="walkthrough-waiting" role="status">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t("walkthrough.test.waiting")}</Text>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

/** Live Integration: the live keys, once the test is complete; Done completes the onboarding. */
export function LiveIntegration({
  state,
  busy,
  mayRecreate,
  onMove,
  onDone,
}: StepsProps & { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper p="md" radius="lg" withBorder data-testid="walkthrough-live">
      <Stack>
        <Title order={2} size="h3">
          {t("walkthrough.live.title")}
        </Title>
        <Text>{t("walkthrough.live.intro")}</Text>
        {!state.may_view_keys ? (
          <NoKeys />
        ) : state.live_keys ? (
          <>
            <KeyField
              label={t("walkthrough.keys.liveSecret")}
              testId="walkthrough-live-secret"
              value={null}
              prefix={state.live_keys.secret_prefix}
            />
            <NewSecretKey isLive mayRecreate={mayRecreate} />
            <KeyField
              label={t("walkthrough.keys.livePublic")}
              testId="walkthrough-live-public"
              value={state.live_keys.public_key}
            />
          </>
        ) : (
          <Alert color="yellow" data-testid="walkthrough-live-locked">
            {t("walkthrough.live.locked")}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={busy}
            onClick={() => onMove({ view: "test", test_step: 3 })}
            data-testid="walkthrough-back"
          >
            {t("walkthrough.back")}
          </Button>
          <Button
            disabled={busy || !state.live_unlocked}
            onClick={onDone}
            data-testid="walkthrough-live-done"
          >
            {t("walkthrough.done")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
