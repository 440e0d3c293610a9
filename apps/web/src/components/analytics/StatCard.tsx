import { Card, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ChangeBadge } from "./ChangeBadge.tsx";
import type { ComparedFigure } from "./change.ts";

export interface StatCardProps {
  testId: string;
  title: string;
  value: string;
  figure?: ComparedFigure;
  note?: ReactNode;
}

/** A summary card: title, the figure, its change against the comparison period and an optional note. */
export function StatCard({ testId, title, value, figure, note }: StatCardProps) {
  return (
    <Card data-testid={testId} data-value={figure?.value ?? ""} padding="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" component="h3" fw={500} m={0}>
          {title}
        </Text>
        <Text size="xl" fw={700} data-testid={`${testId}-value`} style={{ unicodeBidi: "isolate" }}>
          {value}
        </Text>
        {figure ? <ChangeBadge figure={figure} /> : null}
        {note ? (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
