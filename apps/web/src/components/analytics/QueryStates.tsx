import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/errors.ts";

/** Skeletons in the shape of the screen while the first answer loads. */
export function AnalyticsSkeleton({ cards }: { cards: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="analytics-loading" aria-busy="true">
      <VisuallyHidden>{t("home.state.loading")}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {Array.from({ length: cards }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders without identity
          <Card key={i} padding="md">
            <Skeleton height={14} width="50%" mb="sm" />
            <Skeleton height={28} width="70%" />
          </Card>
        ))}
      </SimpleGrid>
      <Card padding="md">
        <Skeleton height={260} />
      </Card>
    </Stack>
  );
}

/** The error state with Retry; a refused period (hourly over 92 days, custom over 731) says why. */
export function AnalyticsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const invalidPeriod = isApiError(error) && error.code === "invalid_period";
  return (
    <Alert color="red" variant="light" title={t("home.state.error")} data-testid="analytics-error">
      {invalidPeriod ? (
        <Text size="sm" mb="sm" data-testid="analytics-invalid-period">
          {t("home.state.invalidPeriod")}
        </Text>
      ) : null}
      <Group>
        <Button size="xs" variant="default" onClick={onRetry} data-testid="analytics-retry">
          {t("home.state.retry")}
        </Button>
      </Group>
    </Alert>
  );
}

export function EmptyState({ testId = "analytics-empty" }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" ta="center" py="xl" data-testid={testId}>
      {t("home.state.empty")}
    </Text>
  );
}
