/**
 * The risk center's pure rules (docs/pos-risk.md "Risk"): IP ranges (CIDR, IPv4 and IPv6) in one canonical text,
 * the networks a payment's IP is matched by, and the decline reasons the payment core gives.
 */

export type IpVersion = 4 | 6;

interface ParsedIp {
  version: IpVersion;
  value: bigint;
}

function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = BigInt(0);
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255 || (p.length > 1 && p.startsWith("0"))) return null;
    value = (value << BigInt(8)) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  let head = text;
  let tail4: bigint | null = null;
  // An embedded IPv4 tail (::ffff:10.0.0.1).
  const lastColon = head.lastIndexOf(":");
  if (head.includes(".")) {
    tail4 = parseIpv4(head.slice(lastColon + 1));
    if (tail4 === null) return null;
    head = `${head.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const left = groups(halves[0] ?? "");
  const right = halves.length === 2 ? groups(halves[1] ?? "") : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...right];
  let value = BigInt(0);
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    value = (value << BigInt(16)) | BigInt(Number.parseInt(g, 16));
  }
  if (tail4 !== null) value = (value & ~BigInt(0xffffffff)) | tail4;
  return value;
}

/** An IPv4 or IPv6 address, or null. */
export function parseIp(text: string): ParsedIp | null {
  const t = text.trim();
  if (t.length === 0 || t.length > 45) return null;
  if (t.includes(":")) {
    const v = parseIpv6(t);
    if (v === null) return null;
    // An IPv4-mapped IPv6 address (::ffff:a.b.c.d, as a dual-stack server reports IPv4 clients) is its IPv4.
    if (v >> BigInt(32) === BigInt(0xffff)) return { version: 4, value: v & BigInt(0xffffffff) };
    return { version: 6, value: v };
  }
  const v = parseIpv4(t);
  return v === null ? null : { version: 4, value: v };
}

const bitsOf = (version: IpVersion) => (version === 4 ? 32 : 128);

function maskTo(value: bigint, version: IpVersion, prefix: number): bigint {
  const bits = bitsOf(version);
  if (prefix === 0) return BigInt(0);
  const host = BigInt(bits - prefix);
  return (value >> host) << host;
}

function formatIp(value: bigint, version: IpVersion): string {
  if (version === 4) {
    return [24, 16, 8, 0].map((s) => Number((value >> BigInt(s)) & BigInt(255))).join(".");
  }
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((value >> BigInt(i * 16)) & BigInt(0xffff)).toString(16));
  // The longest run of two or more zero groups becomes "::" (RFC 5952).
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== "0") {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === "0") j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  if (best < 0) return groups.join(":");
  return `${groups.slice(0, best).join(":")}::${groups.slice(best + bestLen).join(":")}`;
}

/** A range's canonical text: its network address and prefix length ("10.0.0.0/8", "2001:db8::/32"). */
export function canonicalNetwork(value: bigint, version: IpVersion, prefix: number): string {
  return `${formatIp(maskTo(value, version, prefix), version)}/${prefix}`;
}

/**
 * An IP range as the merchant types it: a CIDR ("10.0.0.0/8", "2001:db8::/32") or one address (a /32 or /128).
 * Host bits set in a CIDR are cleared ("10.1.2.3/8" is 10.0.0.0/8). Null when it is not one.
 */
export function parseCidr(text: string): { version: IpVersion; canonical: string } | null {
  const t = text.trim();
  const slash = t.indexOf("/");
  const ip = parseIp(slash < 0 ? t : t.slice(0, slash));
  if (!ip) return null;
  const mapped = slash >= 0 && t.slice(0, slash).includes(":") && ip.version === 4;
  let prefix = bitsOf(ip.version);
  if (slash >= 0) {
    const p = t.slice(slash + 1);
    if (!/^\d{1,3}$/.test(p)) return null;
    prefix = Number(p) - (mapped ? 96 : 0);
    if (prefix < 0 || prefix > bitsOf(ip.version)) return null;
  }
  return { version: ip.version, canonical: canonicalNetwork(ip.value, ip.version, prefix) };
}

/** Every network holding the address, one per prefix length: what a payment's IP is looked up by. */
export function ipNetworks(text: string): string[] {
  const ip = parseIp(text);
  if (!ip) return [];
  const out: string[] = [];
  for (let p = bitsOf(ip.version); p >= 0; p--) out.push(canonicalNetwork(ip.value, ip.version, p));
  return out;
}

/** The rule kinds a merchant can set. */
export const RISK_RULE_KINDS = ["max_amount", "min_amount", "velocity", "countries", "three_ds"] as const;
export type RiskRuleKind = (typeof RISK_RULE_KINDS)[number];

/** What a velocity rule counts by, and what a list entry is. */
export const RISK_SUBJECTS = ["card", "email", "phone", "ip"] as const;
export type RiskSubject = (typeof RISK_SUBJECTS)[number];

export const RISK_LISTS = ["black", "white"] as const;
export type RiskList = (typeof RISK_LISTS)[number];

/**
 * Why the payment core declined a payment before the acquirer: the code kept in the transaction's data
 * (`data.risk.code`) and the English message in `data.message` and its failure reason.
 */
export const RISK_DECLINE_MESSAGES = {
  blacklist_card: "Declined by the merchant's risk rules: this card is blacklisted.",
  blacklist_email: "Declined by the merchant's risk rules: this email is blacklisted.",
  blacklist_phone: "Declined by the merchant's risk rules: this phone number is blacklisted.",
  blacklist_ip: "Declined by the merchant's risk rules: this IP address is blacklisted.",
  max_amount: "Declined by the merchant's risk rules: the amount is above the maximum per payment.",
  min_amount: "Declined by the merchant's risk rules: the amount is below the minimum per payment.",
  velocity: "Declined by the merchant's risk rules: too many payments in a short time.",
  countries: "Declined by the merchant's risk rules: cards issued in this country are not accepted.",
  three_ds: "Declined by the merchant's risk rules: 3-D Secure is required for this amount.",
} as const;
export type RiskDeclineCode = keyof typeof RISK_DECLINE_MESSAGES;

/** The decline code of a risk decline message (the transaction's failure reason), or undefined for another message. */
export function riskDeclineCode(message: string | null | undefined): RiskDeclineCode | undefined {
  if (!message) return undefined;
  const found = Object.entries(RISK_DECLINE_MESSAGES).find(([, text]) => text === message);
  return found ? (found[0] as RiskDeclineCode) : undefined;
}

/** The transaction's response codes for a risk decline: DECLINED with the ISO 8583 "suspected fraud" code. */
export const RISK_TXN_RESPONSE_CODE = "DECLINED";
export const RISK_ACQ_RESPONSE_CODE = "59";
