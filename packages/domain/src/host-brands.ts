/**
 * Host brands (merchant-dashboard.md section 2): a wallet-provider host and a telecom-merchant host show their
 * own signed-in-less pages (login, register, forgot password; the telecom host also register/success and change
 * password) in their own branding. The hosts are lists of patterns (docs/onboarding.md "Public and host pages"):
 * "wallet.example.com" is that host exactly, "*.example.com" any host under it, "wallet.*" any host whose first
 * label is "wallet". By default "wallet.*" and "telecom.*", so wallet.localhost and telecom.localhost try them
 * on a machine of one's own.
 */
export const HOST_BRANDS = ["wallet", "telecom"] as const;
export type HostBrand = (typeof HOST_BRANDS)[number];

export type HostBrandHosts = Record<HostBrand, readonly string[]>;

export const DEFAULT_HOST_BRAND_HOSTS: HostBrandHosts = { wallet: ["wallet.*"], telecom: ["telecom.*"] };

export function isHostBrand(value: unknown): value is HostBrand {
  return typeof value === "string" && (HOST_BRANDS as readonly string[]).includes(value);
}

/**
 * A comma- or space-separated list of host patterns (an environment variable); undefined when unset, so the
 * default applies, and an empty list when set to nothing (that brand then has no host).
 */
export function parseHostPatterns(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(/[\s,]+/)
    .map((v) => v.trim().toLowerCase().replace(/:\d+$/, ""))
    .filter(Boolean);
}

/** Whether a host (a port is ignored) matches one pattern. */
export function hostMatches(host: string, pattern: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d+$/, "");
  const p = pattern.trim().toLowerCase();
  if (!name || !p) return false;
  if (p.endsWith(".*")) return name.split(".")[0] === p.slice(0, -2) && name.includes(".");
  if (p.startsWith("*.")) return name.endsWith(p.slice(1));
  return name === p;
}

/** The brand a host is served under, or undefined for the provider's own hosts. The wallet list is read first. */
export function hostBrandOf(
  host: string,
  hosts: HostBrandHosts = DEFAULT_HOST_BRAND_HOSTS,
): HostBrand | undefined {
  return HOST_BRANDS.find((brand) => hosts[brand].some((pattern) => hostMatches(host, pattern)));
}
