import { Button, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { createMenuFor } from "../navigation/screens.ts";
import { ScreenLink } from "./ScreenLink.tsx";
import { useDashboard } from "./useDashboard.ts";

/** The header's Create menu (spec section 2): Quick Link, Product, Invoice, Bulk Invoices, QR Payment. */
export function CreateMenu() {
  const { t } = useTranslation();
  const { viewer, lang } = useDashboard();
  const items = createMenuFor(viewer);
  if (items.length === 0) return null;
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={220}
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button size="sm" data-testid="create-menu" rightSection={<span aria-hidden>▾</span>}>
          {t("header.create")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((key) => (
          <Menu.Item key={key} component={ScreenLink} screen={key} lang={lang} data-testid={`create-${key}`}>
            {t(`nav.${key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
