import { type Country, countryFromHost } from "@portal/domain";
import type { Config } from "../config.ts";

/**
 * The country a request is for: COUNTRY_OVERRIDE, else the one its Host names (packages/domain countries). A
 * dashboard session is bound to the country of the host it was made on and refused on another's (issue 10).
 */
export function hostCountry(config: Pick<Config, "countryOverride">, host: string): Country {
  return config.countryOverride ?? countryFromHost(host);
}
