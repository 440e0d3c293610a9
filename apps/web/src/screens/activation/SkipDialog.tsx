import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useDashboard } from "../../layouts/useDashboard.ts";

/** 'Skip the Account Activation': required information is missing; Skip leaves for the landing, Keep Adding stays. */
export function SkipDialog(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  const navigate = useNavigate();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("activation.skipTitle")}
      closeButtonProps={{ "aria-label": t("activation.close") }}
      centered
    >
      <Stack data-testid="activation-skip-dialog">
        <Text>{t("activation.skipBody")}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => void navigate({ to: "/{-$lang}", params: { lang } })}
            data-testid="activation-skip-confirm"
          >
            {t("activation.skip")}
          </Button>
          <Button onClick={props.onClose} data-testid="activation-keep-adding">
            {t("activation.keepAdding")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
