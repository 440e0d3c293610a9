import { appConfigResponseSchema } from "@portal/domain";
import { hostBrandOf, hostMatches, parseHostPatterns } from "@portal/domain/host-brands";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";

/** Host brands (docs/onboarding.md "Public and host pages"): GET /api/config names the brand of its host. */
describe("host patterns", () => {
  it("match a host exactly, any host under a domain, or a first label; the port is ignored", () => {
    expect(hostMatches("wallet.example.com:443", "wallet.example.com")).toBe(true);
    expect(hostMatches("pay.wallet.example.com", "wallet.example.com")).toBe(false);
    expect(hostMatches("pay.wallet.example.com", "*.wallet.example.com")).toBe(true);
    expect(hostMatches("wallet.example.com", "*.wallet.example.com")).toBe(false);
    expect(hostMatches("wallet.localhost:8080", "wallet.*")).toBe(true);
    expect(hostMatches("wallet", "wallet.*")).toBe(false);
    expect(hostMatches("mywallet.localhost", "wallet.*")).toBe(false);
    expect(hostMatches("", "wallet.*")).toBe(false);
  });

  it("are read from a comma or space list; unset keeps the default, empty means none", () => {
    expect(parseHostPatterns(undefined)).toBeUndefined();
    expect(parseHostPatterns("")).toEqual([]);
    expect(parseHostPatterns(" Wallet.Example.com:8443, *.pay.example  wallet.* ")).toEqual([
      "wallet.example.com",
      "*.pay.example",
      "wallet.*",
    ]);
  });

  it("give the wallet-provider, the telecom-merchant or no brand", () => {
    expect(hostBrandOf("wallet.localhost:8080")).toBe("wallet");
    expect(hostBrandOf("telecom.portal.example")).toBe("telecom");
    expect(hostBrandOf("localhost:8080")).toBeUndefined();
    expect(hostBrandOf("accept.example.com")).toBeUndefined();
    expect(hostBrandOf("both.example", { wallet: ["both.example"], telecom: ["both.example"] })).toBe(
      "wallet",
    );
  });
});

describe("GET /api/config", () => {
  let test: TestDatabase & { drop(): Promise<void> };
  let database: Database;
  beforeAll(async () => {
    test = await createTestDatabase("pglite");
    database = test.database;
  });
  afterAll(() => test.drop());

  const brandAt = async (app: Awaited<ReturnType<typeof buildTestApp>>, host: string) => {
    const r = await app.inject({ url: "/api/config", headers: { host } });
    expect(r.statusCode).toBe(200);
    return appConfigResponseSchema.parse(r.json()).brand;
  };

  it("answers the brand of the default hosts, none on the provider's own", async () => {
    const app = await buildTestApp(database);
    expect(await brandAt(app, "wallet.localhost:8080")).toBe("wallet");
    expect(await brandAt(app, "telecom.localhost:8080")).toBe("telecom");
    expect(await brandAt(app, "localhost:8080")).toBeUndefined();
    expect(await brandAt(app, "portal.ksa.example.com")).toBeUndefined();
    await app.close();
  });

  it("follows WALLET_PROVIDER_HOSTS and TELECOM_HOSTS instead of the defaults", async () => {
    const app = await buildTestApp(database, {
      WALLET_PROVIDER_HOSTS: "portal.wallet-partner.example",
      TELECOM_HOSTS: "*.telco.example",
    });
    expect(await brandAt(app, "portal.wallet-partner.example")).toBe("wallet");
    expect(await brandAt(app, "merchants.telco.example")).toBe("telecom");
    expect(await brandAt(app, "wallet.localhost:8080")).toBeUndefined();
    expect(await brandAt(app, "telecom.localhost")).toBeUndefined();
    await app.close();
  });
});
