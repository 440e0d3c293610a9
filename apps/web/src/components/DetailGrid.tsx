import { SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface DetailItem {
  key: string;
  label: string;
  value: ReactNode;
}

/** Label and value pairs of a details section; empty values show a dash. */
export function DetailGrid({ items, testId }: { items: DetailItem[]; testId?: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" data-testid={testId}>
      {items.map((item) => (
        <Stack key={item.key} gap={0} data-field={item.key}>
          <Text size="xs" c="dimmed" component="div">
            {item.label}
          </Text>
          <Text
            size="sm"
            component="div"
            data-testid={`field-${item.key}`}
            style={{ overflowWrap: "anywhere" }}
          >
            {item.value === null || item.value === undefined || item.value === "" ? "—" : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
