import { type Country, countryFromHost, isLocalHost } from "@portal/domain";
import type { Config } from "../config.ts";

/**
 * The country a request is for: COUNTRY_OVERRIDE, else the one its Host names (packages/domain countries). A
 * dashboard session is bound to the country of the host it was made on and refused on another's (issue 10).
 */
export function hostCountry(config: Pick<Config, "countryOverride">, host: string): Country {
  return config.countryOverride ?? countryFromHost(host);
}

/**
 * Whose users a host serves: on a country's real host only that country's; on a local host (localhost,
 * 127.0.0.1, [::1], *.localhost) or with COUNTRY_OVERRIDE (local use) every country's, so the local demo signs in
 * all five countries' users (docs/auth.md).
 */
export interface HostScope {
  country: Country;
  local: boolean;
}

export function hostScope(config: Pick<Config, "countryOverride">, host: string): HostScope {
  return {
    country: hostCountry(config, host),
    local: config.countryOverride !== undefined || isLocalHost(host),
  };
}

/** Whether a user, or a session made for a user, of `country` may be used on a host of this scope. */
export function hostAccepts(scope: HostScope, country: string): boolean {
  return scope.local || scope.country === country;
}
