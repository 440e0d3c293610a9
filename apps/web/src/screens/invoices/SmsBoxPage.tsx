import { Alert, Button, Card, Group, Loader, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { type SmsMessage, smsBox } from "../../api/invoices.api.ts";
import { messageOf } from "../../api/reportError.ts";
import { useAppConfig } from "../../app/config.ts";
import { AuthShell } from "../../components/AuthShell.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { isLang } from "../../i18n/language.ts";
import { formatDateTime } from "../../lib/dates.ts";

/** The mailbox's key, shared with the local mailbox page (sessionStorage: this tab only). */
const KEY_STORAGE = "portal.mailboxKey";

/**
 * The local SMS viewer (GET /api/dev/sms): text messages stay here when no SMS provider is configured (invoices
 * sent by SMS, later request-to-pay). Like the local mailbox it opens only with the mailbox key.
 */
export default function SmsBoxPage() {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const [key, setKey] = useState<string | null>(() => sessionStorage.getItem(KEY_STORAGE));
  const [draft, setDraft] = useState("");
  const [wrongKey, setWrongKey] = useState(false);
  const [messages, setMessages] = useState<SmsMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (withKey: string) => {
    setError(null);
    try {
      setMessages((await smsBox(withKey)).messages);
    } catch (err) {
      if (isApiError(err) && err.status === 404) {
        sessionStorage.removeItem(KEY_STORAGE);
        setKey(null);
        setWrongKey(true);
      } else setError(messageOf(err));
    }
  }, []);

  useEffect(() => {
    if (key && config.mailbox) void load(key);
  }, [key, config.mailbox, load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (!value) return;
    sessionStorage.setItem(KEY_STORAGE, value);
    setWrongKey(false);
    setMessages(null);
    setKey(value);
  };

  const body = !config.mailbox ? (
    <Alert color="gray" variant="light">
      {t("smsBox.disabled")}
    </Alert>
  ) : !key ? (
    <form onSubmit={submit} data-testid="sms-key-form">
      <Stack gap="sm">
        <PasswordInput
          label={t("smsBox.keyLabel")}
          description={t("smsBox.keyHint")}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          error={wrongKey ? t("smsBox.wrongKey") : undefined}
          autoComplete="off"
          data-testid="sms-key"
        />
        <Group>
          <Button type="submit" data-testid="sms-open">
            {t("smsBox.open")}
          </Button>
        </Group>
      </Stack>
    </form>
  ) : (
    <>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="sms-count">
          {messages ? t("smsBox.count", { n: messages.length }) : ""}
        </Text>
        <Button variant="default" size="xs" onClick={() => void load(key)} data-testid="sms-refresh">
          {t("smsBox.refresh")}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      ) : messages === null ? (
        <Group justify="center">
          <Loader size="sm" aria-label={t("app.loading")} />
        </Group>
      ) : messages.length === 0 ? (
        <Text c="dimmed" data-testid="sms-empty">
          {t("smsBox.empty")}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="sms-list">
          {messages.map((m) => (
            <Card key={m.id} withBorder padding="sm" data-testid="sms-message">
              <Text size="xs" c="dimmed">
                {t("smsBox.to")}: <span dir="ltr">{m.to}</span> · {t("smsBox.received")}:{" "}
                {formatDateTime(m.created_at, lang)}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} dir="auto">
                {m.text}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );

  return (
    <AuthShell title={t("smsBox.title")} intro={t("smsBox.intro")} wide>
      {body}
      <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
        {t("auth.toLogin")}
      </AnchorLink>
    </AuthShell>
  );
}
