import { isIPv4, isIPv6 } from "node:net";

/**
 * The address a per-address counter counts: an IPv4 address as it is; an IPv6 address by its /64 (one home or
 * one server gets a whole /64, so counting single IPv6 addresses would let one client act as 2^64 clients);
 * an IPv4-mapped IPv6 address (::ffff:192.0.2.1) as its IPv4 address.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.replace(/%.*$/, "").toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and a trailing dotted IPv4 part expanded). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((g) => {
          if (!g.includes(".")) return [Number.parseInt(g, 16)];
          const [a, b, c, d] = g.split(".").map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = "", tail] = address.split("::");
  const start = parse(head);
  if (tail === undefined) return start;
  const end = parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}
