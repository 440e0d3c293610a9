import { describe, expect, it } from "vitest";
import { rateLimitAddress } from "./address.ts";

describe("the address a per-address rate limit counts", () => {
  it("groups IPv6 addresses by their /64, however they are written", () => {
    const net = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:9",
      "2001:db8:1:2:a:b:c:d%eth0",
      "2001:db8:1:2::192.0.2.1",
    ])
      expect(rateLimitAddress(ip), ip).toBe(net);
    expect(rateLimitAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("keeps IPv4 addresses, also IPv4-mapped ones, one by one", () => {
    expect(rateLimitAddress("192.0.2.1")).toBe("192.0.2.1");
    expect(rateLimitAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(rateLimitAddress("::ffff:c000:201")).toBe("192.0.2.1");
    expect(rateLimitAddress("192.0.2.2")).not.toBe(rateLimitAddress("192.0.2.1"));
  });
});
