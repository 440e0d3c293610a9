import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";
import { type KeyKind, type KeyView, useKeys, useRecreateKey } from "../../api/keys.api.ts";
import { toast } from "../../app/toast.ts";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard } from "../../layouts/useDashboard.ts";
import { copyText, recreatePermission } from "./copyText.ts";

/** Where 'Go to Github' leads: the portal's own API documentation (OpenAPI). */
export const DOCS_URL = "/api/docs";

interface Target {
  kind: KeyKind;
  isLive: boolean;
}

/** API keys (spec section 2): status, secret, public and API keys, HMAC secret; refresh, copy, documentation. */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const { session } = useDashboard();
  const keys = useKeys();
  const recreate = useRecreateKey();
  const [asking, setAsking] = useState<Target | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const mayRecreate = (kind: KeyKind) =>
    session.type === "Partner" || session.permNames.includes(recreatePermission(kind));

  const askRefresh = (target: Target) => {
    if (!mayRecreate(target.kind)) {
      toast.error(t("apiKeys.noRecreate"));
      return;
    }
    setAsking(target);
  };
  const refresh = async () => {
    if (!asking) return;
    try {
      const answer = await recreate.mutateAsync(asking);
      setFresh(answer.value);
    } catch (err) {
      if (!(isApiError(err) && err.handled)) {
        toast.error(
          isApiError(err) && err.code === "no_key_recreate_permission"
            ? t("apiKeys.noRecreate")
            : t("apiKeys.refreshFailed"),
        );
      }
    } finally {
      setAsking(null);
    }
  };

  const noView = isApiError(keys.error) && keys.error.status === 403;
  const data = keys.data;
  return (
    <Stack data-testid="keys-page">
      <PageTitle title={t("apiKeys.title")}>
        {data ? (
          <Badge
            size="lg"
            color={data.status === "Complete" ? "teal.9" : "#a35200"}
            variant="light"
            data-testid="keys-status"
            data-status={data.status}
          >
            {t("apiKeys.status")}: {t(`apiKeys.statusValue.${data.status}`)}
          </Badge>
        ) : null}
        <Anchor href={DOCS_URL} target="_blank" rel="noopener noreferrer" data-testid="keys-docs">
          {t("apiKeys.docs")}
        </Anchor>
      </PageTitle>
      {noView ? (
        <Alert color="red" data-testid="keys-no-view">
          {t("apiKeys.noView")}
        </Alert>
      ) : keys.isError ? (
        <Alert color="red" data-testid="keys-error">
          <Group justify="space-between">
            <Text size="sm">{t("apiKeys.loadError")}</Text>
            <Button size="xs" variant="default" onClick={() => void keys.refetch()}>
              {t("apiKeys.retry")}
            </Button>
          </Group>
        </Alert>
      ) : !data ? (
        <Stack aria-busy="true" data-testid="keys-loading">
          <Skeleton height={90} radius="lg" />
          <Skeleton height={90} radius="lg" />
        </Stack>
      ) : (
        <>
          <Section title={t("apiKeys.secretKey")} testId="keys-secret" visible={data.secret_keys !== null}>
            <KeyRow
              kind="secret"
              isLive={false}
              view={data.secret_keys?.test ?? null}
              onRefresh={askRefresh}
            />
            <KeyRow kind="secret" isLive view={data.secret_keys?.live ?? null} onRefresh={askRefresh} />
          </Section>
          <Section title={t("apiKeys.publicKey")} testId="keys-public" visible={data.public_keys !== null}>
            <KeyRow
              kind="public"
              isLive={false}
              view={data.public_keys?.test ?? null}
              onRefresh={askRefresh}
            />
            <KeyRow kind="public" isLive view={data.public_keys?.live ?? null} onRefresh={askRefresh} />
          </Section>
          <Section title={t("apiKeys.apiKey")} testId="keys-api" visible={data.api_key !== null}>
            <KeyRow kind="api" isLive={false} view={data.api_key} onRefresh={askRefresh} single />
          </Section>
          <Section title={t("apiKeys.hmac")} testId="keys-hmac" visible={data.hmac_secret !== null}>
            <KeyRow
              kind="hmac"
              isLive={false}
              view={data.hmac_secret ? { prefix: "", value: data.hmac_secret, created_at: "" } : null}
              onRefresh={askRefresh}
              single
            />
          </Section>
        </>
      )}
      <Modal
        closeButtonProps={{ "aria-label": t("apiKeys.close") }}
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={t("apiKeys.refreshTitle")}
        data-testid="key-refresh-modal"
      >
        <Stack>
          <Text>{t("apiKeys.refreshBody")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t("apiKeys.cancel")}
            </Button>
            <Button
              color="red.9"
              loading={recreate.isPending}
              onClick={() => void refresh()}
              data-testid="key-refresh-confirm"
            >
              {t("apiKeys.refresh")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        closeButtonProps={{ "aria-label": t("apiKeys.close") }}
        opened={fresh !== null}
        onClose={() => setFresh(null)}
        title={t("apiKeys.newTitle")}
        data-testid="key-new-modal"
      >
        <Stack>
          <Text size="sm">{t("apiKeys.newValue")}</Text>
          <Code block dir="ltr" data-testid="key-new-value" style={{ overflowWrap: "anywhere" }}>
            {fresh}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={fresh ?? ""} testId="key-new-copy" />
            <Button variant="default" onClick={() => setFresh(null)}>
              {t("apiKeys.close")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Section(props: { title: string; testId: string; visible: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper p="md" radius="lg" withBorder data-testid={props.testId}>
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      {props.visible ? (
        <Stack gap="md">{props.children}</Stack>
      ) : (
        <Text size="sm" c="red.9" data-testid={`${props.testId}-no-view`}>
          {t("apiKeys.noView")}
        </Text>
      )}
    </Paper>
  );
}

function KeyRow(props: {
  kind: KeyKind;
  isLive: boolean;
  view: KeyView | null;
  single?: boolean;
  onRefresh: (target: Target) => void;
}) {
  const { t } = useTranslation();
  const id = `${props.kind}-${props.isLive ? "live" : "test"}`;
  const value = props.view?.value ?? null;
  return (
    <Stack gap={4} data-testid={`key-${id}`}>
      {props.single ? null : (
        <Text size="sm" fw={600}>
          {props.isLive ? t("apiKeys.live") : t("apiKeys.test")}
        </Text>
      )}
      {props.view === null ? (
        <Text size="sm" c="dimmed" data-testid={`key-${id}-missing`}>
          {t("apiKeys.missing")}
        </Text>
      ) : (
        <>
          <Code dir="ltr" data-testid={`key-${id}-value`} style={{ overflowWrap: "anywhere" }}>
            {value ?? `${props.view.prefix}…`}
          </Code>
          {value === null ? (
            <Text size="xs" c="dimmed">
              {t("apiKeys.hidden")}
            </Text>
          ) : null}
        </>
      )}
      <Group gap="xs">
        {value ? <CopyButton value={value} testId={`key-${id}-copy`} /> : null}
        <Button
          size="xs"
          variant="light"
          onClick={() => props.onRefresh({ kind: props.kind, isLive: props.isLive })}
          data-testid={`key-${id}-refresh`}
        >
          {t("apiKeys.refresh")}
        </Button>
      </Group>
    </Stack>
  );
}

function CopyButton({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="default"
      data-testid={testId}
      onClick={async () => {
        if (await copyText(value)) toast.success(t("apiKeys.copied"));
        else toast.error(t("apiKeys.copyFailed"));
      }}
    >
      {t("apiKeys.copy")}
    </Button>
  );
}
