import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../components/links.tsx";
import { isLang } from "../i18n/language.ts";

/** The no-permission page: the user may not view this page and should ask the provider to update permissions. */
export default function NoPermission() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : "en";
  return (
    <Card maw={640} data-testid="no-permission">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2">
          {t("noPermission.title")}
        </Title>
        <Text>{t("noPermission.body")}</Text>
        <ButtonLink to="/{-$lang}" params={{ lang }} variant="light">
          {t("noPermission.home")}
        </ButtonLink>
      </Stack>
    </Card>
  );
}
