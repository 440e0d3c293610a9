import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A terminal's new keys, shown once (only keyed hashes are stored), each with a copy button. */
export function TerminalKeysModal(props: {
  terminalId: string;
  keys: { test_key: string; live_key: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows = [
    ["test", props.keys.test_key],
    ["live", props.keys.live_key],
  ] as const;
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t("pos.keys.title", { id: props.terminalId })}
      closeButtonProps={{ "aria-label": t("pos.close") }}
      size="lg"
      data-testid="terminal-keys"
    >
      <Stack>
        <Alert color="yellow">{t("pos.keys.once")}</Alert>
        {rows.map(([mode, key]) => (
          <Stack key={mode} gap={4}>
            <Text size="sm" fw={600}>
              {t(`pos.keys.${mode}`)}
            </Text>
            <Group wrap="nowrap" align="flex-start">
              <Code
                block
                dir="ltr"
                // Wrapped, not scrolled; and reachable by keyboard should a narrow screen still scroll it (axe).
                style={{ flex: 1, whiteSpace: "pre-wrap", wordBreak: "break-all" }}
                tabIndex={0}
                data-testid={`terminal-key-${mode}`}
              >
                {key}
              </Code>
              <CopyButton value={key}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? t("pos.keys.copied") : t("pos.keys.copy")}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ))}
        <Text size="sm">{t("pos.keys.usage")}</Text>
        <Group justify="flex-end">
          <Button onClick={props.onClose} data-testid="terminal-keys-done">
            {t("pos.keys.done")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
