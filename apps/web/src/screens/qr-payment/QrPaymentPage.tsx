import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { isCurrency } from "@portal/domain/currencies";
import { safeParseAmount } from "@portal/domain/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type QrPayment,
  type QrStatus,
  useCheckQrStatus,
  useCreateQrPayment,
  useQrSetup,
} from "../../api/qr-payment.api.ts";
import { DataModeBadge } from "../../components/DataModeBadge.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { QrCode } from "../../components/QrCode.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { money } from "../../lib/money.ts";
import { useViewMode } from "../../live/viewpoint.ts";

type Step =
  | { kind: "amount" }
  | { kind: "info"; payment: QrPayment }
  | { kind: "outcome"; payment: QrPayment; status: QrStatus }
  | { kind: "failed" };

/**
 * QR Code Payment (merchant-dashboard.md "Terminals, branches, QR, risk, statements" and section 4): enter an
 * amount (Reset, Proceed to pay), then Payment Information with the merchant's name and a QR code of the hosted
 * payment page the customer scans, Check Status, and the outcome: Transaction Successful, Declined (insufficient
 * funds) or Pending, with links to Transactions, home and Try Again. Any failure says the spec's
 * 'SomeThing Went Wrong Please Try Again'. docs/selling.md; the test wallets are in docs/payments.md.
 */
export default function QrPaymentPage() {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const { isLive } = useViewMode("merchant");
  const setup = useQrSetup(isLive);
  const create = useCreateQrPayment();
  const check = useCheckQrStatus();
  const [step, setStep] = useState<Step>({ kind: "amount" });
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);

  const restart = () => {
    setAmount("");
    setAmountError(null);
    create.reset();
    check.reset();
    setStep({ kind: "amount" });
  };
  const currency = setup.data?.currency ?? null;
  const proceed = () => {
    if (!currency || !isCurrency(currency)) return;
    const parsed = safeParseAmount(amount, currency);
    if (!parsed.ok || parsed.amount <= 0) {
      setAmountError(t("invoices.validation.invalid_amount"));
      return;
    }
    create.mutate(
      { amount: amount.trim(), is_live: isLive },
      {
        onSuccess: (payment) => setStep({ kind: "info", payment }),
        onError: () => setStep({ kind: "failed" }),
      },
    );
  };
  const checkStatus = (payment: QrPayment) =>
    check.mutate(payment.id, {
      onSuccess: (status) => setStep({ kind: "outcome", payment, status }),
      onError: () => setStep({ kind: "failed" }),
    });

  return (
    <Stack data-testid="qr-payment-page" maw={560}>
      <PageTitle title={t("qrPayment.title")}>
        <DataModeBadge isLive={isLive} />
      </PageTitle>
      <Paper p="lg" radius="lg" withBorder>
        {setup.isPending ? (
          <Skeleton h={160} aria-label={t("qrPayment.loading")} />
        ) : setup.isError || step.kind === "failed" ? (
          <Stack data-testid="qr-failed">
            <Alert color="red.9" role="alert">
              {t("qrPayment.failed")}
            </Alert>
            <Group>
              <Button onClick={restart} data-testid="qr-try-again">
                {t("qrPayment.tryAgain")}
              </Button>
            </Group>
          </Stack>
        ) : currency === null ? (
          <Stack data-testid="qr-no-wallet">
            <Text>{t("qrPayment.noWallet")}</Text>
            <Group>
              <ButtonLink to="/{-$lang}/home" params={{ lang }}>
                {t("qrPayment.home")}
              </ButtonLink>
            </Group>
          </Stack>
        ) : step.kind === "amount" ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              proceed();
            }}
            noValidate
          >
            <Stack data-testid="qr-amount-step">
              <TextInput
                label={t("qrPayment.amount", { currency })}
                value={amount}
                onChange={(e) => {
                  setAmount(e.currentTarget.value);
                  setAmountError(null);
                }}
                error={amountError}
                inputMode="decimal"
                dir="ltr"
                maxLength={32}
                required
                data-testid="qr-amount"
              />
              <Group>
                <Button variant="default" onClick={restart} data-testid="qr-reset">
                  {t("qrPayment.reset")}
                </Button>
                <Button type="submit" loading={create.isPending} data-testid="qr-proceed">
                  {t("qrPayment.proceed")}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : step.kind === "info" ? (
          <Stack align="center" data-testid="qr-info">
            <Title order={2} size="h4">
              {t("qrPayment.info.title")}
            </Title>
            <Text fw={600} data-testid="qr-merchant">
              {step.payment.merchant_name}
            </Text>
            <Text data-testid="qr-amount-shown">
              {money(step.payment.amount_cents, step.payment.currency, lang)}
            </Text>
            <Text size="sm">{t("qrPayment.info.scan")}</Text>
            <QrCode
              url={step.payment.payment_url}
              label={t("qrPayment.info.qrLabel", { id: step.payment.id })}
              fileName={`qr-payment-${step.payment.id}`}
              testId="qr-code"
            />
            <Button
              onClick={() => checkStatus(step.payment)}
              loading={check.isPending}
              data-testid="qr-check"
            >
              {t("qrPayment.check")}
            </Button>
          </Stack>
        ) : (
          <Outcome
            status={step.status}
            checking={check.isPending}
            onCheck={() => checkStatus(step.payment)}
            onTryAgain={restart}
          />
        )}
      </Paper>
    </Stack>
  );
}

function Outcome({
  status,
  checking,
  onCheck,
  onTryAgain,
}: {
  status: QrStatus;
  checking: boolean;
  onCheck: () => void;
  onTryAgain: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const color = status.status === "success" ? "teal.9" : status.status === "declined" ? "red.9" : "blue.9";
  return (
    <Stack data-testid="qr-outcome" data-status={status.status}>
      <Alert color={color} role="status" title={t(`qrPayment.outcome.${status.status}`)}>
        <Stack gap={4}>
          <Text>{money(status.amount_cents, status.currency, lang)}</Text>
          {status.status === "declined" ? (
            <Text data-testid="qr-reason">
              {status.reason === "insufficient_funds"
                ? t("qrPayment.outcome.insufficientFunds")
                : t("qrPayment.outcome.declinedOther")}
            </Text>
          ) : null}
          {status.status === "pending" ? <Text>{t("qrPayment.outcome.pendingHint")}</Text> : null}
          {status.transaction_id !== null ? (
            <Text size="sm">{t("qrPayment.outcome.transaction", { id: status.transaction_id })}</Text>
          ) : null}
        </Stack>
      </Alert>
      <Group>
        {status.status === "pending" ? (
          <Button onClick={onCheck} loading={checking} data-testid="qr-check">
            {t("qrPayment.check")}
          </Button>
        ) : null}
        <ButtonLink
          to="/{-$lang}/transactions"
          params={{ lang }}
          variant="light"
          data-testid="qr-to-transactions"
        >
          {t("qrPayment.toTransactions")}
        </ButtonLink>
        <ButtonLink to="/{-$lang}/home" params={{ lang }} variant="light" data-testid="qr-home">
          {t("qrPayment.home")}
        </ButtonLink>
        <Button variant="default" onClick={onTryAgain} data-testid="qr-try-again">
          {t("qrPayment.tryAgain")}
        </Button>
      </Group>
    </Stack>
  );
}
