import {
  canonicalNetwork,
  ipNetworks,
  normalizeDigits,
  parseIp,
  RISK_ACQ_RESPONSE_CODE,
  RISK_DECLINE_MESSAGES,
  RISK_TXN_RESPONSE_CODE,
  type RiskDeclineCode,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { AcquirerResult } from "../payments/acquirer.ts";
import { keyedHash } from "../security/keyed-hash.ts";
import { issuingCountry } from "./bins.ts";
import { type RiskSubjects, type RiskVerdict, riskCheck } from "./risk.repository.ts";

/**
 * The payment core's risk step (docs/pos-risk.md "Risk"), run before the acquirer by every payment path that
 * charges a card or a wallet: the payment's subjects (card hash, e-mail, phone, IP, issuing country) checked in one
 * statement (risk.repository.ts riskCheck). A blocked payment gets an acquirer-shaped decline the core writes
 * like any other: status declined, `data.message` the reason, `data.txn_response_code` DECLINED, the acquirer
 * code 59 (suspected fraud) and `data.risk` {code, rule_id | entry_id}. Merchants without rules or entries
 * (`merchants.risk_active` false, read with the payment context) never reach this file.
 */

const CARD_PURPOSE = "risk.card";

/** The card's fingerprint: a keyed hash of the full number under the data key (never the number itself). */
export function cardFingerprint(dataKey: Buffer, pan: string): string {
  return keyedHash(dataKey, CARD_PURPOSE, pan);
}

/** An e-mail as lists and counters hold it; "NA" and blanks (the provider's placeholders) are none. */
export function emailKey(email: string | null | undefined): string | null {
  const e = (email ?? "").trim().toLowerCase();
  return e === "" || e === "na" ? null : e;
}

/** A phone as lists and counters hold it: its digits (Arabic-Indic digits read as Latin). */
export function phoneKey(phone: string | null | undefined): string | null {
  const d = normalizeDigits(phone ?? "").replace(/\D/g, "");
  return d.length < 5 ? null : d;
}

function ipKey(ip: string | null | undefined): { ip: string | null; networks: string[] } {
  const parsed = ip ? parseIp(ip) : null;
  if (!parsed || !ip) return { ip: null, networks: [] };
  return {
    ip: canonicalNetwork(parsed.value, parsed.version, parsed.version === 4 ? 32 : 128),
    networks: ipNetworks(ip),
  };
}

export interface PaymentRiskInput {
  merchantId: number;
  amountCents: number;
  currency: string;
  pan?: string | undefined;
  first6?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  ip?: string | null | undefined;
  secure: boolean;
  now: Date;
}

export function riskSubjects(dataKey: Buffer, p: PaymentRiskInput): RiskSubjects {
  const { ip, networks } = ipKey(p.ip);
  return {
    merchantId: p.merchantId,
    amountCents: p.amountCents,
    currency: p.currency,
    card: p.pan ? cardFingerprint(dataKey, p.pan) : null,
    email: emailKey(p.email),
    phone: phoneKey(p.phone),
    ip,
    ipNetworks: networks,
    country: p.first6 ? issuingCountry(p.first6) : null,
    secure: p.secure,
    nowSeconds: Math.floor(p.now.getTime() / 1000),
  };
}

function declineOf(v: RiskVerdict): { code: RiskDeclineCode; rule_id?: number; entry_id?: number } | null {
  if (v.black_kind && v.black_id !== null)
    return { code: `blacklist_${v.black_kind}` as RiskDeclineCode, entry_id: v.black_id };
  if (v.rule_kind && v.rule_id !== null) return { code: v.rule_kind, rule_id: v.rule_id };
  if (v.velocity_rule_id !== null) return { code: "velocity", rule_id: v.velocity_rule_id };
  return null;
}

/** The acquirer-shaped decline for a blocked payment, or null when the payment may go to the acquirer. */
export async function riskDecline(
  db: Kysely<DB>,
  dataKey: Buffer,
  input: PaymentRiskInput,
): Promise<AcquirerResult | null> {
  const subjects = riskSubjects(dataKey, input);
  const decline = declineOf(await riskCheck(db, subjects));
  if (!decline) return null;
  const message = RISK_DECLINE_MESSAGES[decline.code];
  return {
    outcome: "declined",
    message,
    txnResponseCode: RISK_TXN_RESPONSE_CODE,
    acqResponseCode: RISK_ACQ_RESPONSE_CODE,
    threeDSecure: false,
    data: {
      risk: {
        ...decline,
        ...(decline.code === "countries" ? { issuing_country: subjects.country } : {}),
      },
    },
  };
}
