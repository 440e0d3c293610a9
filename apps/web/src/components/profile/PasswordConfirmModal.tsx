import { Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Asks for the account's password before a settings change that needs it (the notification e-mails switch).
 * `onConfirm` answers the password field's message when the change was refused, or undefined when it went
 * through (the modal then closes).
 */
export function PasswordConfirmModal(props: {
  opened: boolean;
  title: string;
  body: string;
  onClose: () => void;
  onConfirm: (password: string) => Promise<string | undefined>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword("");
    setError(undefined);
    props.onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t("validation.required"));
      return;
    }
    setBusy(true);
    try {
      const problem = await props.onConfirm(password);
      if (problem) setError(problem);
      else close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={props.title}
      closeButtonProps={{ "aria-label": t("profile.close") }}
      data-testid={props.testId}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">{props.body}</Text>
          <PasswordInput
            label={t("profile.password")}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            visibilityToggleButtonProps={{ "aria-label": t("auth.login.showPassword") }}
            data-testid={`${props.testId}-password`}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("profile.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid={`${props.testId}-submit`}>
              {t("profile.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
