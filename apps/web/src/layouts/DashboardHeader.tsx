import { Burger, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../components/BrandMark.tsx";
import { LanguageSwitch } from "../components/LanguageSwitch.tsx";
import { canView } from "../navigation/screens.ts";
import { CreateMenu } from "./CreateMenu.tsx";
import { LiveModeToggle } from "./LiveModeToggle.tsx";
import { ScreenLink } from "./ScreenLink.tsx";
import { useDashboard, useWideScreen } from "./useDashboard.ts";

/** Header: brand, merchant id, Activate Account, live/test, Create menu, EN/AR (spec section 2). */
export function DashboardHeader({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  const { session, menu, viewer, lang } = useDashboard();
  const isMerchant = menu === "merchant";
  // One live/test toggle at a time: in the header on wide screens, at the top of the menu on phones.
  const wide = useWideScreen();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          color="var(--portal-header-color)"
          aria-label={navOpened ? t("header.closeNavigation") : t("header.openNavigation")}
          aria-expanded={navOpened}
          aria-controls="dashboard-nav"
          data-testid="nav-toggle"
        />
        <BrandMark
          logoUrl={session.acq_partner?.partner_logo ?? null}
          name={menu === "bank" ? t("app.bankName") : undefined}
          compact
        />
        <Text size="sm" visibleFrom="lg" c="var(--portal-welcome-color, inherit)" data-testid="welcome">
          {t("home.welcome", { name: session.name })}
        </Text>
        {isMerchant && session.merchant_id !== null ? (
          <Text
            size="sm"
            visibleFrom="md"
            c="var(--portal-merchant-color, inherit)"
            data-testid="merchant-id"
          >
            {t("header.merchantId")}:{" "}
            <Text span fw={700} inherit dir="ltr">
              {session.merchant_id}
            </Text>
          </Text>
        ) : null}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {isMerchant && canView("activateAccount", viewer) && session.type === "Merchant" ? (
          <Button
            component={ScreenLink}
            screen="activateAccount"
            lang={lang}
            variant="light"
            size="sm"
            visibleFrom="md"
            data-testid="activate-account"
          >
            {t("header.activateAccount")}
          </Button>
        ) : null}
        {(isMerchant && wide) || menu === "terminal" ? <LiveModeToggle /> : null}
        {isMerchant ? <CreateMenu /> : null}
        <LanguageSwitch compact />
      </Group>
    </Group>
  );
}
