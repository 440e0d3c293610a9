import { Accordion, Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../api/errors.ts";
import { messageOf } from "../api/reportError.ts";
import { useAppConfig } from "../app/config.ts";
import { authApi, type MailboxMessage } from "../auth/auth.api.ts";
import { AuthShell } from "../components/AuthShell.tsx";
import { AnchorLink } from "../components/links.tsx";
import { isLang } from "../i18n/language.ts";
import { formatDateTime } from "../lib/dates.ts";
import { linkify } from "./linkify.ts";

/** The key stays in this tab only (sessionStorage): closing the tab forgets it. */
const KEY_STORAGE = "portal.mailboxKey";

/**
 * The local mailbox: e-mails stay here when no SMTP server is configured (GET /api/dev/mailbox). It holds other
 * people's reset links, so it opens only with the mailbox key the server printed at start-up.
 */
export default function MailboxPage() {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const [key, setKey] = useState<string | null>(() => sessionStorage.getItem(KEY_STORAGE));
  const [draft, setDraft] = useState("");
  const [wrongKey, setWrongKey] = useState(false);
  const [messages, setMessages] = useState<MailboxMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (withKey: string) => {
    setError(null);
    try {
      const answer = await authApi.mailbox(withKey);
      setMessages(answer.messages);
    } catch (err) {
      if (isApiError(err) && err.status === 404) {
        // A wrong key and a mailbox that is off answer alike; forget the key and ask again.
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
      {t("mailbox.disabled")}
    </Alert>
  ) : !key ? (
    <form onSubmit={submit} data-testid="mailbox-key-form">
      <Stack gap="sm">
        <PasswordInput
          label={t("mailbox.keyLabel")}
          description={t("mailbox.keyHint")}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          error={wrongKey ? t("mailbox.wrongKey") : undefined}
          autoComplete="off"
          data-testid="mailbox-key"
        />
        <Group>
          <Button type="submit" data-testid="mailbox-open">
            {t("mailbox.open")}
          </Button>
        </Group>
      </Stack>
    </form>
  ) : (
    <>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="mailbox-count">
          {messages ? t("mailbox.count", { n: messages.length }) : ""}
        </Text>
        <Button variant="default" size="xs" onClick={() => void load(key)} data-testid="mailbox-refresh">
          {t("mailbox.refresh")}
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
    </>
  );

  return (
    <AuthShell title={t("mailbox.title")} intro={t("mailbox.intro")} wide>
      {body}
      <AnchorLink to="/{-$lang}/login" params={{ lang }} size="sm" data-testid="to-login">
        {t("auth.toLogin")}
      </AnchorLink>
    </AuthShell>
  );
}
