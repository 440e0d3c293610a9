import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useMatches } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth/session.ts";
import { ButtonLink } from "../components/links.tsx";
import classes from "../components/PageTitle.module.css";
import { isLang } from "../i18n/language.ts";
import { landingFor } from "../navigation/screens.ts";

/** The card of a dashboard screen a later issue fills: its title and a clear, bilingual "coming soon". */
export default function ComingSoon() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const matches = useMatches();
  const screen = [...matches].reverse().find((m) => m.staticData.screen)?.staticData.screen ?? "home";
  const title = t(`nav.${screen}`);
  const session = useSession();
  const landing = session ? landingFor({ profileType: session.type, permNames: session.permNames }) : "home";
  return (
    <Stack gap="lg" data-testid="placeholder" data-screen={screen}>
      <div className={classes.titleBar}>
        <Title order={1} size="h2" className={classes.title}>
          {title}
        </Title>
      </div>
      <Card maw={720}>
        <Stack gap="sm" align="flex-start">
          <Group gap="sm">
            <Badge variant="light" size="lg">
              {t("placeholder.title")}
            </Badge>
          </Group>
          <Text>{t("placeholder.body", { screen: title })}</Text>
          {screen !== landing ? (
            <ButtonLink to="/{-$lang}" params={{ lang }} variant="default" size="sm">
              {t("placeholder.home")}
            </ButtonLink>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
