import { Box, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type CSSProperties, createContext, type ReactNode, useContext } from "react";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "../app/config.ts";
import { BrandMark } from "./BrandMark.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

/**
 * Another brand for the frame (a host brand's pages, screens/hosts/): its mark instead of the provider's, CSS
 * variables (colours) on the frame's root, a line under the card, and a name for tests and styles.
 */
export interface AuthShellBrand {
  id: string;
  mark: ReactNode;
  vars: CSSProperties;
  note?: ReactNode;
}
export const AuthShellBrandContext = createContext<AuthShellBrand | null>(null);

/** The frame of the signed-out pages: brand and language switch, a card, and a small footer. */
export function AuthShell({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const brand = useContext(AuthShellBrandContext);
  return (
    <Box
      mih="100dvh"
      style={{ display: "flex", flexDirection: "column", ...brand?.vars }}
      data-host-brand={brand?.id}
    >
      <Box component="header" px="lg" py="md">
        <Group justify="space-between" wrap="nowrap">
          {brand ? brand.mark : <BrandMark />}
          <LanguageSwitch />
        </Group>
      </Box>
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1 }} py="xl" px="md">
        <Container size={wide ? 760 : 460} p={0}>
          <Paper withBorder shadow="sm" p={{ base: "lg", sm: "xl" }}>
            <Stack gap="lg">
              <Stack gap={6}>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {intro ? (
                  <Text c="dimmed" size="sm">
                    {intro}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {brand?.note}
        </Container>
      </Box>
      <Box component="footer" px="lg" py="md">
        <Group justify="center" gap="lg">
          <Text size="xs" c="dimmed">
            {t("app.version", { version: config.version })}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`app.countries.${config.country}`)}
          </Text>
        </Group>
      </Box>
    </Box>
  );
}
