import { Group, Text } from "@mantine/core";
import type { ComponentType, CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { type AuthShellBrand, AuthShellBrandContext } from "../../components/AuthShell.tsx";
import type { HostBrand } from "../../lib/hostBrand.ts";

/**
 * The two host brands' looks (docs/onboarding.md "Public and host pages"): a wallet provider in teal and a telecom
 * merchant in crimson. White on either primary and the primary on white read at more than 5:1, and a link in the
 * primary stands out from the black text around it by more than 3:1 (axe's link-in-text-block).
 * The colours are Mantine's own variables set on the frame, so every button, link and focus ring follows.
 */
const COLOURS: Record<HostBrand, { primary: string; hover: string; page: string }> = {
  wallet: { primary: "#00796b", hover: "#005b4f", page: "#eef6f5" },
  telecom: { primary: "#d6204a", hover: "#a3183a", page: "#fbf0f2" },
};

function brandVars(brand: HostBrand): CSSProperties {
  const { primary, hover, page } = COLOURS[brand];
  const vars: Record<string, string> = {
    "--mantine-primary-color-filled": primary,
    "--mantine-primary-color-filled-hover": hover,
    "--mantine-primary-color-light": `color-mix(in srgb, ${primary} 10%, transparent)`,
    "--mantine-primary-color-light-hover": `color-mix(in srgb, ${primary} 15%, transparent)`,
    "--mantine-primary-color-light-color": hover,
    "--mantine-color-brand-filled": primary,
    "--mantine-color-brand-filled-hover": hover,
    "--mantine-color-brand-light": `color-mix(in srgb, ${primary} 10%, transparent)`,
    "--mantine-color-brand-light-hover": `color-mix(in srgb, ${primary} 15%, transparent)`,
    "--mantine-color-brand-light-color": hover,
    "--mantine-color-brand-outline": primary,
    "--mantine-color-anchor": primary,
    "--portal-brand-color": hover,
    background: page,
  };
  return vars as CSSProperties;
}

/** A wallet: a card in a pocket. Drawn here, nothing downloaded. */
function WalletLogo({ color }: { color: string }) {
  return (
    <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="9" fill={color} />
      <rect x="7" y="11" width="22" height="16" rx="3" fill="none" stroke="#fff" strokeWidth="2.2" />
      <path d="M9 11.5 23 7.5l2 3.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
      <circle cx="24" cy="19" r="2" fill="#fff" />
    </svg>
  );
}

/** A telecom: a signal's bars. */
function TelecomLogo({ color }: { color: string }) {
  return (
    <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="18" fill={color} />
      <rect x="9" y="20" width="4" height="7" rx="1" fill="#fff" />
      <rect x="16" y="15" width="4" height="12" rx="1" fill="#fff" />
      <rect x="23" y="9" width="4" height="18" rx="1" fill="#fff" />
    </svg>
  );
}

function HostBrandMark({ brand }: { brand: HostBrand }) {
  const { t } = useTranslation();
  const Logo = brand === "wallet" ? WalletLogo : TelecomLogo;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="host-brand-mark">
      <Logo color={COLOURS[brand].primary} />
      <div>
        <Text fw={750} size="md" c="var(--portal-brand-color)" component="span" display="block" lh={1.2}>
          {t(`public.hostBrands.${brand}.name`)}
        </Text>
        <Text size="xs" c="dimmed" component="span" display="block" visibleFrom="xs">
          {t(`public.hostBrands.${brand}.tagline`)}
        </Text>
      </div>
    </Group>
  );
}

function HostBrandNote({ brand }: { brand: HostBrand }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" ta="center" mt="md" data-testid="host-brand-note">
      {t(`public.hostBrands.${brand}.note`, { provider: t("app.name") })}
    </Text>
  );
}

function frameOf(brand: HostBrand): AuthShellBrand {
  return {
    id: brand,
    mark: <HostBrandMark brand={brand} />,
    vars: brandVars(brand),
    note: <HostBrandNote brand={brand} />,
  };
}

/**
 * A signed-out page (login, register, forgot password, ...) in a host brand's frame: the page itself is the
 * provider's own, unchanged; its AuthShell takes the brand's mark, colours and note (components/AuthShell.tsx).
 */
export function withHostBrand(brand: HostBrand, Page: ComponentType): ComponentType {
  const frame = frameOf(brand);
  function HostBrandedPage() {
    return (
      <AuthShellBrandContext.Provider value={frame}>
        <Page />
      </AuthShellBrandContext.Provider>
    );
  }
  HostBrandedPage.displayName = `HostBranded(${brand})`;
  return HostBrandedPage;
}
