import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { type Integration, useFrameOrigins } from "../../api/integrations.api.ts";
import { toast } from "../../app/toast.ts";
import { parseFrameOrigins } from "./integrationForm.ts";

/** Which sites may show this integration's hosted checkout in a frame (the checkout's CSP frame-ancestors). */
export function FrameOrigins({ integration, canUpdate }: { integration: Integration; canUpdate: boolean }) {
  const { t } = useTranslation();
  const save = useFrameOrigins(integration.id);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(integration.frame_origins.join("\n"));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const origins = parseFrameOrigins(text);
    if (!origins) {
      setProblem(t("integrations.frames.invalid"));
      return;
    }
    try {
      await save.mutateAsync(origins);
      toast.success(t("integrations.messages.edited"));
      setProblem(null);
      setEditing(false);
    } catch (err) {
      if (isApiError(err) && err.kind === "http" && err.status === 400)
        setProblem(t("integrations.frames.invalid"));
      else if (!(isApiError(err) && err.handled)) toast.error(t("messages.generic"));
    }
  };

  return (
    <Stack gap="xs" data-testid="integration-frame-origins">
      <Text fw={600} size="sm">
        {t("integrations.frames.title")}
      </Text>
      <Text size="sm" c="dimmed">
        {t("integrations.frames.hint")}
      </Text>
      {editing ? (
        <>
          <Textarea
            label={t("integrations.frames.label")}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={problem}
            autosize
            minRows={2}
            dir="ltr"
            data-testid="integration-frame-origins-input"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t("integrations.form.cancel")}
            </Button>
            <Button
              loading={save.isPending}
              onClick={() => void submit()}
              data-testid="integration-frame-origins-save"
            >
              {t("integrations.form.save")}
            </Button>
          </Group>
        </>
      ) : (
        <>
          {integration.frame_origins.length ? (
            <Stack gap={2} data-testid="integration-frame-origins-list">
              {integration.frame_origins.map((origin) => (
                <Text key={origin} size="sm" dir="ltr">
                  {origin}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm">{t("integrations.frames.none")}</Text>
          )}
          {canUpdate ? (
            <Group>
              <Button
                variant="light"
                onClick={() => {
                  setText(integration.frame_origins.join("\n"));
                  setProblem(null);
                  setEditing(true);
                }}
                data-testid="integration-frame-origins-edit"
              >
                {t("integrations.frames.edit")}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
