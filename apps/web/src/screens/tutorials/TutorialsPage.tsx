import { Button, Group, List, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/links.tsx";
import { PageTitle } from "../../components/PageTitle.tsx";
import { useDashboard, useWideScreen } from "../../layouts/useDashboard.ts";
import { canView } from "../../navigation/screens.ts";
import { screenTo } from "../../navigation/screenTo.ts";
import { TUTORIAL_IDS, TUTORIALS, type TutorialId, tutorialPart } from "./content.ts";

/**
 * Tutorials (merchant-dashboard.md: six parts: introduction, transactions, orders, standalone checkout, invoices,
 * settings). The parts are tabs (arrow keys move between them; vertical on a wide screen), the chosen part is in
 * the address (?part=) so it can be linked, and each part ends with Previous / Next and a button to the screen it
 * explains when the user may open it.
 */
export default function TutorialsPage() {
  const { t } = useTranslation();
  const { lang, viewer } = useDashboard();
  const wide = useWideScreen();
  const navigate = useNavigate();
  const search = useSearch({ from: "/{-$lang}/app/tutorials" }) as Record<string, unknown>;
  const current = tutorialPart(search).part ?? "introduction";
  const index = TUTORIAL_IDS.indexOf(current);
  const show = (part: TutorialId | undefined) =>
    part && void navigate({ to: ".", search: { part } as never, replace: true, resetScroll: false });

  return (
    <Stack gap="md">
      <PageTitle title={t("nav.tutorials")} />
      <Tabs
        value={current}
        onChange={(value) => value && show(value as TutorialId)}
        orientation={wide ? "vertical" : "horizontal"}
        keepMounted={false}
        variant="pills"
      >
        <Tabs.List aria-label={t("tutorials.parts")} data-testid="tutorial-parts">
          {TUTORIALS.map((part, i) => (
            <Tabs.Tab key={part.id} value={part.id} data-testid={`tutorial-tab-${part.id}`}>
              {i + 1}. {part[lang].title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TUTORIALS.map((part, i) => {
          const text = part[lang];
          return (
            <Tabs.Panel key={part.id} value={part.id} ps={wide ? "lg" : 0} pt={wide ? 0 : "md"}>
              <Paper withBorder p="lg" radius="md" data-testid={`tutorial-${part.id}`}>
                <Stack gap="md">
                  <Text size="sm" c="dimmed">
                    {t("tutorials.partOf", { n: i + 1, total: TUTORIALS.length })}
                  </Text>
                  <Title order={2} size="h3">
                    {text.title}
                  </Title>
                  <Text>{text.summary}</Text>
                  <Title order={3} size="h5">
                    {t("tutorials.steps")}
                  </Title>
                  <List type="ordered" spacing="sm" data-testid="tutorial-steps">
                    {text.steps.map((step) => (
                      <List.Item key={step}>{step}</List.Item>
                    ))}
                  </List>
                  <Title order={3} size="h5">
                    {t("tutorials.tips")}
                  </Title>
                  <List spacing="xs">
                    {text.tips.map((tip) => (
                      <List.Item key={tip}>{tip}</List.Item>
                    ))}
                  </List>
                  <Group justify="space-between" mt="sm">
                    {canView(part.screen, viewer) ? (
                      <ButtonLink
                        to={screenTo(part.screen)}
                        variant="light"
                        data-testid="tutorial-open-screen"
                      >
                        {t("tutorials.open", { screen: t(`nav.${part.screen}`) })}
                      </ButtonLink>
                    ) : (
                      <span />
                    )}
                    <Group gap="xs">
                      <Button
                        variant="default"
                        disabled={index <= 0}
                        onClick={() => show(TUTORIAL_IDS[index - 1])}
                        data-testid="tutorial-previous"
                      >
                        {t("tutorials.previous")}
                      </Button>
                      <Button
                        disabled={index >= TUTORIAL_IDS.length - 1}
                        onClick={() => show(TUTORIAL_IDS[index + 1])}
                        data-testid="tutorial-next"
                      >
                        {t("tutorials.next")}
                      </Button>
                    </Group>
                  </Group>
                </Stack>
              </Paper>
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}
