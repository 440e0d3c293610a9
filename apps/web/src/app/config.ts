import { DASHBOARD_VERSION } from "@portal/domain/app-config";
import { type Country, countryFromHost, isCountry } from "@portal/domain/countries";
import { useSyncExternalStore } from "react";
import { type AppConfig, authApi } from "../auth/auth.api.ts";
import { guessHostBrand, HOST_BRAND_OVERRIDE_KEY, parseHostBrandOverride } from "../lib/hostBrand.ts";

/**
 * The country decides which pages exist (no register pages for PAK). The server's answer wins (its
 * COUNTRY_OVERRIDE or its Host header); without it we derive it from our own host. For local use a browser can
 * force it with localStorage.country_override = "PAK" (docs/web.md).
 */
export const COUNTRY_OVERRIDE_KEY = "country_override";

function localOverride(): Country | undefined {
  const value = localStorage.getItem(COUNTRY_OVERRIDE_KEY)?.toUpperCase();
  return isCountry(value) ? value : undefined;
}

let config: AppConfig = {
  country: countryFromHost(window.location.host),
  mailbox: false,
  version: DASHBOARD_VERSION,
  brand: guessHostBrand(window.location.host),
};
const listeners = new Set<() => void>();

export async function loadAppConfig(): Promise<void> {
  try {
    const answer = await authApi.config();
    // The server's brand wins, also when it answers none (its WALLET_PROVIDER_HOSTS / TELECOM_HOSTS).
    config = { ...config, ...answer, brand: answer.brand };
  } catch {
    // Keep the host-derived country; the pages that need the server will show their own errors.
  }
  const override = localOverride();
  if (override) config = { ...config, country: override };
  const brand = parseHostBrandOverride(localStorage.getItem(HOST_BRAND_OVERRIDE_KEY));
  if (brand !== undefined) config = { ...config, brand: brand ?? undefined };
  for (const listener of listeners) listener();
}

export function getAppConfig(): AppConfig {
  return config;
}

export function useAppConfig(): AppConfig {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => config,
  );
}
