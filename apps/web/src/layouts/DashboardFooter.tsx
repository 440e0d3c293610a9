import { Anchor, Box, Group, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "../app/config.ts";
import { logout } from "../auth/signOut.ts";
import { canView } from "../navigation/screens.ts";
import classes from "./DashboardFooter.module.css";
import { ScreenLink } from "./ScreenLink.tsx";
import { useDashboard } from "./useDashboard.ts";

/** Footer (spec section 2): Setting, Refresh Page, Go to Documentation (/api/docs), Logout. */
export function DashboardFooter() {
  const { t } = useTranslation();
  const { viewer, lang } = useDashboard();
  const config = useAppConfig();
  return (
    <Box component="footer" className={classes.footer} aria-label={t("footer.label")} data-testid="footer">
      <Group justify="space-between" gap="sm">
        <Group gap="lg" wrap="wrap">
          {canView("settings", viewer) ? (
            <Anchor
              component={ScreenLink}
              screen="settings"
              lang={lang}
              className={classes.link}
              data-testid="footer-setting"
            >
              {t("footer.setting")}
            </Anchor>
          ) : null}
          <UnstyledButton
            className={classes.link}
            onClick={() => window.location.reload()}
            data-testid="footer-refresh"
          >
            {t("footer.refresh")}
          </UnstyledButton>
          <Anchor
            href="/api/docs"
            target="_blank"
            rel="noopener"
            className={classes.link}
            data-testid="footer-docs"
          >
            {t("footer.docs")}
          </Anchor>
          <UnstyledButton className={classes.link} onClick={() => void logout()} data-testid="footer-logout">
            {t("footer.logout")}
          </UnstyledButton>
        </Group>
        <Text size="xs" className={classes.version}>
          {t("app.version", { version: config.version })}
        </Text>
      </Group>
    </Box>
  );
}
