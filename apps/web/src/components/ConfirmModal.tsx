import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export interface ConfirmProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  body: string;
  confirmLabel: string;
  danger?: boolean;
  loading: boolean;
  onConfirm: () => void;
  testId: string;
}

/** The confirmation of a destructive action (delete, void) and of a callback resend. */
export function ConfirmModal(props: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ "aria-label": t("transactions.actions.close") }}
      data-testid={props.testId}
    >
      <Stack>
        <Text>{props.body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t("transactions.actions.cancel")}
          </Button>
          <Button
            color={props.danger ? "red.9" : undefined}
            loading={props.loading}
            onClick={props.onConfirm}
            data-testid={`${props.testId}-confirm`}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
