import { Accordion, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One collapsible section of the details page (data-testid section-<value>). */
export function DetailsSection({
  value,
  title,
  children,
}: {
  value: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value} data-testid={`section-${value}`}>
      <Accordion.Control>{title}</Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

/** What a section shows when the transaction has nothing for it. */
export function NoneText() {
  const { t } = useTranslation();
  return <Text c="dimmed">{t("transactions.details.none")}</Text>;
}
