import { Accordion, Code, Table, Text } from "@mantine/core";
import { SCENARIOS } from "@portal/domain/scenarios";
import { useTranslation } from "react-i18next";

/**
 * The sandbox scenarios (docs/payments.md "Test scenarios"): every outcome and callback fault a developer can make
 * happen in test mode, with the card that plays it and its name for the test helpers. Folded by default under the
 * walkthrough's test cards; the registry is the server's own (@portal/domain/scenarios).
 */
export function TestScenarios() {
  const { t } = useTranslation();
  return (
    <Accordion variant="contained" data-testid="test-scenarios">
      <Accordion.Item value="scenarios">
        <Accordion.Control>{t("scenarios.title")}</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" mb="sm">
            {t("scenarios.intro")}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table
              withTableBorder
              striped
              aria-label={t("scenarios.title")}
              data-testid="test-scenarios-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("scenarios.card")}</Table.Th>
                  <Table.Th>{t("scenarios.name")}</Table.Th>
                  <Table.Th>{t("scenarios.outcome")}</Table.Th>
                  <Table.Th>{t("scenarios.callbacks")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {SCENARIOS.map((s) => (
                  <Table.Tr key={s.name} data-testid={`scenario-${s.name}`}>
                    <Table.Td>
                      <Code dir="ltr">{s.pan}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Code dir="ltr">{s.name}</Code>
                    </Table.Td>
                    <Table.Td>
                      {t(`scenarios.items.${s.name}` as const)}
                      {s.outcome !== "approved" && s.outcome !== "challenge" ? (
                        <>
                          {" "}
                          <Code dir="ltr">{s.message}</Code>
                        </>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{t(`scenarios.callbackKinds.${s.callbacks}` as const)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" mt="sm">
            {t("scenarios.liveNote")}
          </Text>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
