import { Accordion, Alert, Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../api/errors.ts";
import { messageOf } from "../api/reportError.ts";
import { authApi, type MailboxMessage } from "../auth/auth.api.ts";
import { AuthShell } from "../components/AuthShell.tsx";
import { AnchorLink } from "../components/links.tsx";
import { isLang } from "../i18n/language.ts";
import { formatDateTime } from "../lib/dates.ts";
import { linkify } from "./linkify.ts";

/** The local mailbox: e-mails stay here when no SMTP server is configured (GET /api/dev/mailbox). */
export default function MailboxPage() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const [messages, setMessages] = useState<MailboxMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [disabled, setDisabled] = useState(false);

  const load = useCallback(async () => {
    setError(null);
    try {
      const answer = await authApi.mailbox();
      setMessages(answer.messages);
    } catch (err) {
      if (isApiError(err) && err.status === 404) setDisabled(true);
      else setError(messageOf(err));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <AuthShell title={t("mailbox.title")} intro={t("mailbox.intro")} wide>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="mailbox-count">
          {messages ? t("mailbox.count", { n: messages.length }) : ""}
        </Text>
        <Button variant="default" size="xs" onClick={() => void load()} data-testid="mailbox-refresh">
          {t("mailbox.refresh")}
        </Button>
      </Group>
      {disabled ? (
        <Alert color="gray" variant="light">
          {t("mailbox.disabled")}
        </Alert>
      ) : error ? (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      ) : messages === null ? (
        <Group justify="center">
          <Loader size="sm" aria-label={t("app.loading")} />
        </Group>
      ) : messages.length === 0 ? (
        <Text c="dimmed" data-testid="mailbox-empty">
          {t("mailbox.empty")}
        </Text>
      ) : (
        <Accordion variant="separated" data-testid="mailbox-list" defaultValue={String(messages[0]?.id)}>
          {messages.map((message) => (
            <Accordion.Item key={message.id} value={String(message.id)} data-testid="mailbox-message">
              <Accordion.Control>
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {message.subject}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("mailbox.to")}: <span dir="ltr">{message.to}</span> · {t("mailbox.received")}:{" "}
                    {formatDateTime(message.created_at, lang)}
                  </Text>
                </Stack>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} dir="auto">
                  {linkify(message.text).map((piece, i) =>
                    piece.kind === "link" ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text never move
                      <Anchor key={i} href={piece.href} data-testid="mailbox-link-in-message">
                        {piece.href}
                      </Anchor>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text never move
                      <span key={i}>{piece.text}</span>
                    ),
                  )}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
        {t("auth.toLogin")}
      </AnchorLink>
    </AuthShell>
  );
}
