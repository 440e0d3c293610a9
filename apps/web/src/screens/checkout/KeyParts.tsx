import { Button, Code, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { useRecreateKey } from "../../api/keys.api.ts";
import { toast } from "../../app/toast.ts";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { copyToClipboard } from "./codeSamples.ts";

/** A Copy button: writes the value to the clipboard and says so. */
export function CopyValue({ value, testId, label }: { value: string; testId: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="default"
      data-testid={testId}
      aria-label={label}
      onClick={async () => {
        if (await copyToClipboard(value)) toast.success(t("walkthrough.copied"));
        else toast.error(t("walkthrough.copyFailed"));
      }}
    >
      {t("walkthrough.copy")}
    </Button>
  );
}

/** A key as the API keys screen shows it: public keys whole with Copy, secret keys by their prefix. */
export function KeyField(props: {
  label: string;
  testId: string;
  value: string | null;
  prefix?: string | null;
}) {
  const { t } = useTranslation();
  const shown = props.value ?? (props.prefix ? `${props.prefix}…` : null);
  return (
    <Stack gap={4} data-testid={props.testId}>
      <Text size="sm" fw={600}>
        {props.label}
      </Text>
      {shown === null ? (
        <Text size="sm" c="dimmed" data-testid={`${props.testId}-missing`}>
          {t("walkthrough.keys.missing")}
        </Text>
      ) : (
        <Group gap="xs" wrap="nowrap" align="center">
          <Code dir="ltr" data-testid={`${props.testId}-value`} style={{ overflowWrap: "anywhere" }}>
            {shown}
          </Code>
          {props.value ? (
            <CopyValue
              value={props.value}
              testId={`${props.testId}-copy`}
              label={`${t("walkthrough.copy")} ${props.label}`}
            />
          ) : null}
        </Group>
      )}
      {props.value === null && props.prefix ? (
        <Text size="xs" c="dimmed">
          {t("walkthrough.keys.hidden")}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Creates a new secret key of one mode, as the API keys screen's Refresh does (after a confirmation: the current
 * key stops working at once), and shows the new value this once with Copy.
 */
export function NewSecretKey({ isLive, mayRecreate }: { isLive: boolean; mayRecreate: boolean }) {
  const { t } = useTranslation();
  const recreate = useRecreateKey();
  const [asking, setAsking] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);
  const mode = isLive ? "live" : "test";
  if (!mayRecreate) return null;
  const run = async () => {
    try {
      const answer = await recreate.mutateAsync({ kind: "secret", isLive });
      setFresh(answer.value);
    } catch (err) {
      if (!(isApiError(err) && err.handled)) toast.error(t("walkthrough.keys.newFailed"));
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Group>
        <Button
          size="xs"
          variant="light"
          onClick={() => setAsking(true)}
          data-testid={`walkthrough-secret-${mode}-new`}
        >
          {t(isLive ? "walkthrough.keys.newLiveSecret" : "walkthrough.keys.newTestSecret")}
        </Button>
      </Group>
      <ConfirmModal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t("walkthrough.keys.newTitle")}
        body={t("walkthrough.keys.newBody")}
        confirmLabel={t("walkthrough.keys.newConfirm")}
        danger
        loading={recreate.isPending}
        onConfirm={() => void run()}
        testId={`walkthrough-secret-${mode}-confirm`}
      />
      <Modal
        opened={fresh !== null}
        onClose={() => setFresh(null)}
        title={t("walkthrough.keys.freshTitle")}
        closeButtonProps={{ "aria-label": t("walkthrough.close") }}
        data-testid={`walkthrough-secret-${mode}-modal`}
      >
        <Stack>
          <Text size="sm">{t("walkthrough.keys.freshBody")}</Text>
          <Code
            block
            dir="ltr"
            data-testid={`walkthrough-secret-${mode}-fresh`}
            style={{ overflowWrap: "anywhere" }}
          >
            {fresh}
          </Code>
          <Group justify="flex-end">
            <CopyValue value={fresh ?? ""} testId={`walkthrough-secret-${mode}-fresh-copy`} />
            <Button variant="default" onClick={() => setFresh(null)}>
              {t("walkthrough.close")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
