import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../api/errors.ts";
import { PageTitle } from "./PageTitle.tsx";

/**
 * A details page that could not be loaded: its title, then 'not found' for a 404 or the generic text with Retry;
 * `children` follow (a link back to the list).
 */
export function DetailsError({
  title,
  testId,
  error,
  onRetry,
  children,
}: {
  title: string;
  testId: string;
  error: unknown;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const notFound = isApiError(error) && error.status === 404;
  return (
    <Stack>
      <PageTitle title={title} />
      <Alert color="red" data-testid={testId}>
        <Group justify="space-between">
          <Text size="sm">
            {notFound ? t("transactions.details.notFound") : t("transactions.table.errorBody")}
          </Text>
          {notFound ? null : (
            <Button size="xs" variant="default" onClick={onRetry}>
              {t("transactions.table.retry")}
            </Button>
          )}
        </Group>
      </Alert>
      {children}
    </Stack>
  );
}
