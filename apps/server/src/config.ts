import path from "node:path";
import { type Country, isCountry } from "@portal/domain";
import { DEFAULT_HOST_BRAND_HOSTS, type HostBrandHosts, parseHostPatterns } from "@portal/domain/host-brands";

/** Configuration comes from the environment only; nothing here is a secret except what is marked. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /** Connections of this process to PostgreSQL (DATABASE_POOL_SIZE, default 10). */
  databasePoolSize: number;
  /** Base URL printed at start-up and used in e-mailed links. */
  publicUrl: string;
  /** SMTP connection string; unset means e-mail stays in the local mailbox page. Secret. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The provider's support address some messages name (the iframe limit's); SUPPORT_EMAIL. */
  supportEmail: string;
  /**
   * The local mailbox (GET /api/dev/mailbox with the mailbox key printed at start-up). Off in a real deployment:
   * with SMTP_URL, with NODE_ENV=production, or with MAILBOX=off; MAILBOX=on keeps it on in production without SMTP.
   */
  mailbox: boolean;
  /** Forces the country instead of deriving it from the host (local use, see docs/architecture.md). */
  countryOverride: Country | undefined;
  /** WALLET_PROVIDER_HOSTS and TELECOM_HOSTS: the hosts of the two host brands (docs/onboarding.md). */
  hostBrands: HostBrandHosts;
  /** Create demo data on first start with an empty database. */
  demoData: boolean;
  logLevel: string;
  /** Serve the built web apps from apps/web/dist and apps/checkout/dist. */
  serveWeb: boolean;
  /**
   * Which peers may set X-Forwarded-For/-Proto (client IP for rate limits, https for Secure cookies and HSTS).
   * Default: none, so no client can choose the address its sign-in tries are counted against. TRUST_PROXY names
   * the proxies: a comma list of addresses/CIDRs (or Fastify's names loopback, linklocal, uniquelocal), a hop
   * count, or true (any peer: only when every connection comes through the proxy).
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
}

function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (value === undefined || value.trim() === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value.trim())) {
    // A hop count: the nearest N peers are proxies (Fastify's types take no number, its runtime would).
    const hops = Number(value.trim());
    return (_address, hop) => hop < hops;
  }
  return value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${env.PORT}`);
  const host = env.HOST ?? "0.0.0.0";
  const poolSize = Number(env.DATABASE_POOL_SIZE ?? 10);
  if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 1000)
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000: ${env.DATABASE_POOL_SIZE}`);
  const mailboxSetting = env.MAILBOX?.trim().toLowerCase() || undefined;
  if (mailboxSetting !== undefined && mailboxSetting !== "on" && mailboxSetting !== "off")
    throw new Error(`MAILBOX must be on or off: ${env.MAILBOX}`);
  const country = env.COUNTRY_OVERRIDE?.toUpperCase();
  if (country && !isCountry(country))
    throw new Error(`COUNTRY_OVERRIDE must be one of EGY, ARE, SAU, PAK, OMN`);
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSize,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Portal <no-reply@portal.local>",
    supportEmail: env.SUPPORT_EMAIL?.trim() || "support@portal.local",
    mailbox: !env.SMTP_URL && (mailboxSetting ?? (env.NODE_ENV === "production" ? "off" : "on")) === "on",
    countryOverride: country as Country | undefined,
    hostBrands: {
      wallet: parseHostPatterns(env.WALLET_PROVIDER_HOSTS) ?? DEFAULT_HOST_BRAND_HOSTS.wallet,
      telecom: parseHostPatterns(env.TELECOM_HOSTS) ?? DEFAULT_HOST_BRAND_HOSTS.telecom,
    },
    demoData: env.DEMO_DATA !== "false",
    logLevel: env.LOG_LEVEL ?? "info",
    serveWeb: env.SERVE_WEB !== "false",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
