import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useResendCallbacks } from "../../api/transactions.api.ts";
import { toast } from "../../app/toast.ts";
import { DateRangeField } from "../../components/DateRangeField.tsx";
import { rangeProblem } from "../../exports/range.ts";
import { failureMessage } from "./actionMessages.ts";

/** Resend callback by date range (spec section 5: the date range is required). */
export function ResendRangeModal({
  opened,
  onClose,
  isLive,
}: {
  opened: boolean;
  onClose: () => void;
  isLive: boolean;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [touched, setTouched] = useState(false);
  const resend = useResendCallbacks();
  const problem = rangeProblem(range[0], range[1]);
  const submit = async () => {
    setTouched(true);
    if (problem) return;
    try {
      const answer = await resend.mutateAsync({
        date_from: range[0] as string,
        date_to: range[1] as string,
        is_live: isLive,
      });
      toast.success(t("transactions.actions.resendRangeDone", { count: answer.count }));
      onClose();
    } catch (err) {
      const status = isApiError(err) ? err.status : 0;
      const code = isApiError(err) ? err.code : undefined;
      toast.error(t(`transactions.messages.${failureMessage("resend", status, code)}`));
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("transactions.actions.resendRangeTitle")}
      closeButtonProps={{ "aria-label": t("transactions.actions.close") }}
      data-testid="resend-range-modal"
    >
      <Stack>
        <Text size="sm">{t("transactions.actions.resendRangeBody")}</Text>
        <DateRangeField
          label={t("transactions.actions.dateRange")}
          value={range}
          onChange={setRange}
          required
          error={touched && problem ? t(`transactions.validation.${problem}`) : undefined}
          testId="resend-range"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("transactions.actions.cancel")}
          </Button>
          <Button onClick={() => void submit()} loading={resend.isPending} data-testid="resend-range-submit">
            {t("transactions.actions.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
