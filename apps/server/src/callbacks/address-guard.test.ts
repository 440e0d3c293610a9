import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentSettings } from "../payments/settings.ts";
import { isPrivateAddress, PRIVATE_ADDRESS_ERROR } from "./address-guard.ts";
import { postJson } from "./post.ts";

describe("callback address guard", () => {
  let server: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++;
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("classifies loopback, private, link-local, shared and reserved addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["8.8.8.8", "172.32.0.1", "41.33.1.1", "2a00:1450:4001:82b::200e", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses a private address by default, whether written as an IP or a name, without sending anything", async () => {
    const before = hits;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const answer = await postJson(`http://${host}/hook`, {}, "{}", 2000, 500);
      expect(answer, host).toEqual({ statusCode: null, excerpt: null, error: PRIVATE_ADDRESS_ERROR });
    }
    expect(hits).toBe(before);
  });

  it("reaches it when private networks are allowed (local testing)", async () => {
    const answer = await postJson(`http://127.0.0.1:${port}/hook`, {}, "{}", 2000, 500, true);
    expect(answer).toEqual({ statusCode: 200, excerpt: "ok", error: null });
  });

  it("is on unless CALLBACK_ALLOW_PRIVATE_NETWORKS=true", () => {
    expect(paymentSettings({}).callbackAllowPrivateNetworks).toBe(false);
    expect(paymentSettings({ CALLBACK_ALLOW_PRIVATE_NETWORKS: "1" }).callbackAllowPrivateNetworks).toBe(
      false,
    );
    expect(paymentSettings({ CALLBACK_ALLOW_PRIVATE_NETWORKS: "true" }).callbackAllowPrivateNetworks).toBe(
      true,
    );
  });
});
