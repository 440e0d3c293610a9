import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/links.tsx";
import { useLang } from "../../i18n/useLang.ts";
import { screenTo } from "../../navigation/screenTo.ts";

/** Shown while the account has no live integration (profile.has_live_integration false). */
export function StartAccepting() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card
      padding="lg"
      data-testid="start-accepting"
      component="section"
      aria-labelledby="start-accepting-title"
    >
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={4} maw={640}>
          <Title order={2} size="h4" id="start-accepting-title">
            {t("home.startAccepting.title")}
          </Title>
          <Text>{t("home.startAccepting.body")}</Text>
        </Stack>
        <ButtonLink
          to={screenTo("paymentIntegrations")}
          params={{ lang }}
          data-testid="start-accepting-action"
        >
          {t("home.startAccepting.action")}
        </ButtonLink>
      </Group>
    </Card>
  );
}
