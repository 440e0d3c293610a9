import { Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useDashboard } from "../layouts/useDashboard.ts";
import { AnchorLink } from "./links.tsx";

/**
 * The Reports screen's two views as links: the analytics overview (screens/reports) and the generated reports
 * (screens/report-files: generate, then download).
 */
export function ReportTabs({ active }: { active: "overview" | "files" }) {
  const { t } = useTranslation();
  const { lang } = useDashboard();
  return (
    <Group component="nav" aria-label={t("reportFiles.tabs.label")} gap="md" data-testid="report-tabs">
      <AnchorLink
        to="/{-$lang}/reports"
        params={{ lang }}
        fw={active === "overview" ? 700 : 400}
        aria-current={active === "overview" ? "page" : undefined}
        data-testid="report-tab-overview"
      >
        {t("reportFiles.tabs.overview")}
      </AnchorLink>
      <AnchorLink
        to="/{-$lang}/report-files"
        params={{ lang }}
        fw={active === "files" ? 700 : 400}
        aria-current={active === "files" ? "page" : undefined}
        data-testid="report-tab-files"
      >
        {t("reportFiles.tabs.files")}
      </AnchorLink>
    </Group>
  );
}
