import { Box, Button, Divider, Group, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { logout } from "../auth/signOut.ts";
import { canView, SCREENS, sideMenuFor } from "../navigation/screens.ts";
import { LiveModeToggle } from "./LiveModeToggle.tsx";
import { ScreenLink } from "./ScreenLink.tsx";
import classes from "./SideMenu.module.css";
import { useDashboard, useWideScreen } from "./useDashboard.ts";

/** The side menu of the profile's kind, gated by the user's permissions, with Log Out at the end. */
export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { viewer, lang, subPath, session, menu } = useDashboard();
  const items = sideMenuFor(viewer);
  const isMerchant = menu === "merchant";
  const wide = useWideScreen();
  return (
    <>
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Stack gap={2} p="sm" data-testid="side-menu">
          {isMerchant ? (
            <Box hiddenFrom="md" px="sm" pb="sm">
              {session.merchant_id !== null ? (
                <Text size="sm" c="var(--portal-menu-color)">
                  {t("header.merchantId")}:{" "}
                  <Text span fw={700} inherit dir="ltr">
                    {session.merchant_id}
                  </Text>
                </Text>
              ) : null}
              {session.type === "Merchant" && canView("activateAccount", viewer) ? (
                <Button
                  component={ScreenLink}
                  screen="activateAccount"
                  lang={lang}
                  onClick={onNavigate}
                  variant="light"
                  size="xs"
                  mt="xs"
                  fullWidth
                >
                  {t("header.activateAccount")}
                </Button>
              ) : null}
              {wide ? null : (
                <Group mt="sm" gap="sm" c="var(--portal-menu-color)">
                  <LiveModeToggle />
                </Group>
              )}
              <Divider mt="sm" />
            </Box>
          ) : null}
          {items.map((key) => {
            const active = subPath === SCREENS[key].path || subPath.startsWith(`${SCREENS[key].path}/`);
            return (
              <NavLink
                key={key}
                component={ScreenLink}
                screen={key}
                lang={lang}
                onClick={onNavigate}
                label={t(`nav.${key}`)}
                active={active}
                aria-current={active ? "page" : undefined}
                className={classes.link}
                data-testid={`nav-${key}`}
              />
            );
          })}
        </Stack>
      </ScrollArea>
      <Box p="sm" style={{ borderBlockStart: "1px solid var(--portal-menu-border)" }}>
        <NavLink
          component="button"
          type="button"
          label={t("nav.logout")}
          onClick={() => void logout()}
          className={classes.link}
          data-testid="logout"
        />
      </Box>
    </>
  );
}
