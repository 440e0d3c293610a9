import { Alert } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** Remembered in this browser (localStorage); the logout's clean-up brings it back (docs/analytics-web.md). */
export const BANNER_KEY = "home_new_dashboard_banner_dismissed";

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(BANNER_KEY) === "1";
  } catch {
    return false;
  }
}

export function NewDashboardBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      title={t("home.banner.title")}
      withCloseButton
      closeButtonLabel={t("home.banner.dismiss")}
      onClose={() => {
        try {
          window.localStorage.setItem(BANNER_KEY, "1");
        } catch {
          // private mode: dismissed for this visit only
        }
        setDismissed(true);
      }}
      data-testid="new-dashboard-banner"
    >
      {t("home.banner.body")}
    </Alert>
  );
}
