import { Alert, AppShell, Box } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { QueryClientProvider } from "@tanstack/react-query";
import { Navigate, Outlet, useMatches } from "@tanstack/react-router";
import { type CSSProperties, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLang } from "../app/navigation.ts";
import { createQueryClient } from "../app/queryClient.ts";
import { getProfile, useSession } from "../auth/session.ts";
import { useLiveMode } from "../live/useLiveMode.ts";
import { canView } from "../navigation/screens.ts";
import NoPermission from "../screens/NoPermission.tsx";
import { DashboardFooter } from "./DashboardFooter.tsx";
import { DashboardHeader } from "./DashboardHeader.tsx";
import classes from "./DashboardLayout.module.css";
import { partnerVariables } from "./partnerTheme.ts";
import { SideMenu } from "./SideMenu.tsx";
import { useDashboard } from "./useDashboard.ts";

/** The merchants' first-login questionnaire, downloaded only by those who must answer it. */
const OnboardingModal = lazy(() => import("../onboarding/OnboardingModal.tsx"));

/** Merchants and their staff whose business data is not filled see the onboarding popup (spec section 2). */
function needsOnboarding(type: string): boolean {
  return (type === "Merchant" || type === "MerchantStaff") && getProfile()?.filled_business_data === false;
}

/** A screen the user may not see shows the no-permission page instead (spec section 2). */
function ScreenOutlet() {
  const { viewer } = useDashboard();
  const matches = useMatches();
  const screen = [...matches].reverse().find((m) => m.staticData.screen)?.staticData.screen;
  if (screen && !canView(screen, viewer)) return <NoPermission />;
  return <Outlet />;
}

function TestDataBanner() {
  const { t } = useTranslation();
  const { isLive } = useLiveMode();
  if (isLive) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      mb="lg"
      title={t("live.testData")}
      // Mantine's orange title reads at 2.3:1 on the light orange; this brown reaches 6.5:1.
      styles={{ title: { color: "#9c3608" } }}
      data-testid="test-data-indicator"
    >
      {t("live.testDataHint")}
    </Alert>
  );
}

/**
 * The signed-in shell. Every profile type gets its layout (merchant, bank, terminal, partner); partner layouts
 * carry the partner's colours. Header, side menu, main and footer are landmarks.
 */
export default function DashboardLayout() {
  const session = useSession();
  // Signed out meanwhile (logout, another tab): leave for the login page.
  if (!session) return <Navigate to="/{-$lang}/login" params={{ lang: currentLang() }} replace />;
  return <Shell />;
}

function Shell() {
  const { t } = useTranslation();
  const { layout, menu, session } = useDashboard();
  const [queryClient] = useState(createQueryClient);
  const [navOpened, nav] = useDisclosure(false);
  const style = (
    layout === "partner" ? partnerVariables(session.acq_partner?.partner_css) : {}
  ) as CSSProperties;

  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !navOpened } }}
        padding={0}
        data-testid={`layout-${layout}`}
        data-menu={menu}
        style={style}
      >
        <AppShell.Header className={classes.header}>
          <DashboardHeader navOpened={navOpened} onToggleNav={nav.toggle} />
        </AppShell.Header>
        <AppShell.Navbar id="dashboard-nav" aria-label={t("nav.mainMenu")} className={classes.navbar}>
          <SideMenu onNavigate={nav.close} />
        </AppShell.Navbar>
        <Box className={classes.body}>
          <Box component="main" id="main" tabIndex={-1} className={classes.main}>
            {menu === "merchant" || menu === "terminal" ? <TestDataBanner /> : null}
            {needsOnboarding(session.type) ? (
              <Suspense fallback={null}>
                <OnboardingModal />
              </Suspense>
            ) : (
              <ScreenOutlet />
            )}
          </Box>
          <DashboardFooter />
        </Box>
      </AppShell>
    </QueryClientProvider>
  );
}
