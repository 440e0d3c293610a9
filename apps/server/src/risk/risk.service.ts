import {
  normalizeDigits,
  parseCidr,
  RISK_MESSAGES,
  type RiskAudit,
  type RiskEntry,
  type RiskEntryInput,
  type RiskRule,
  type RiskRuleValues,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { AuthUser } from "../auth/auth.hook.ts";
import type { DB, RiskRulesTable } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { cardFingerprint, emailKey, phoneKey } from "./risk.check.ts";
import {
  deleteEntry,
  deleteRule,
  findEntry,
  findRule,
  insertAudit,
  insertEntry,
  insertRule,
  listAudit,
  listEntries,
  listRules,
  type RiskEntryRow,
  type RiskRuleRow,
  refreshRiskFlag,
  updateRule,
} from "./risk.repository.ts";

/**
 * The risk center's changes (docs/pos-risk.md "Risk"): each one, its audit row and the merchant's risk flag in
 * one database transaction, so the payment core sees a rule, an entry or their absence together with its flag.
 */

const iso = (d: Date | string) => new Date(d).toISOString();
const notFound = () => new HttpError(404, "not_found", "Not found.");

export interface RiskActor {
  merchantId: number;
  user: AuthUser;
}

export function ruleItem(r: RiskRuleRow): RiskRule {
  return {
    ...r,
    created_by: r.created_by ?? null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export function entryItem(e: RiskEntryRow): RiskEntry {
  return { ...e, created_by: e.created_by ?? null, created_at: iso(e.created_at) };
}

/** Only the columns the rule's kind uses are kept; the others are null. */
function ruleColumns(v: RiskRuleValues) {
  const amountKinds = v.kind === "max_amount" || v.kind === "min_amount" || v.kind === "three_ds";
  const velocity = v.kind === "velocity";
  return {
    kind: v.kind,
    currency: amountKinds || (velocity && v.amount_cents !== undefined) ? (v.currency ?? null) : null,
    amount_cents: amountKinds || velocity ? (v.amount_cents ?? null) : null,
    subject: velocity ? (v.subject ?? null) : null,
    max_payments: velocity ? (v.max_payments ?? null) : null,
    window_seconds: velocity ? (v.window_seconds ?? null) : null,
    countries: v.kind === "countries" ? [...new Set(v.countries ?? [])] : null,
    is_active: v.is_active,
    note: v.note ?? null,
  } satisfies Partial<Record<keyof RiskRulesTable, unknown>>;
}

/** The audit's one-line description of a rule: its kind and terms. */
function ruleSummary(c: ReturnType<typeof ruleColumns>): string {
  const parts: string[] = [c.kind];
  if (c.subject) parts.push(`per ${c.subject}`);
  if (c.max_payments !== null) parts.push(`${c.max_payments} payments`);
  if (c.amount_cents !== null) parts.push(`${c.amount_cents} ${c.currency ?? ""}`.trim());
  if (c.window_seconds !== null) parts.push(`in ${c.window_seconds} s`);
  if (c.countries) parts.push(c.countries.join(","));
  if (!c.is_active) parts.push("inactive");
  return parts.join(" ");
}

async function audit(
  db: Kysely<DB>,
  a: RiskActor,
  action: "created" | "updated" | "deleted",
  target: "rule" | "black" | "white",
  targetId: number,
  summary: string,
) {
  await insertAudit(db, {
    merchant_id: a.merchantId,
    user_id: a.user.id,
    user_email: a.user.username,
    action,
    target,
    target_id: targetId,
    summary: summary.slice(0, 500),
  });
}

export async function rules(db: Kysely<DB>, merchantId: number): Promise<RiskRule[]> {
  return (await listRules(db, merchantId)).map(ruleItem);
}

export async function createRule(db: Kysely<DB>, a: RiskActor, v: RiskRuleValues): Promise<RiskRule> {
  const id = await db.transaction().execute(async (trx) => {
    const c = ruleColumns(v);
    const id = await insertRule(trx, { ...c, merchant_id: a.merchantId, created_by: a.user.id });
    await audit(trx, a, "created", "rule", id, ruleSummary(c));
    await refreshRiskFlag(trx, a.merchantId);
    return id;
  });
  return ruleItem((await findRule(db, a.merchantId, id))!);
}

export async function changeRule(
  db: Kysely<DB>,
  a: RiskActor,
  id: number,
  v: RiskRuleValues,
): Promise<RiskRule> {
  await db.transaction().execute(async (trx) => {
    const c = ruleColumns(v);
    if (!(await updateRule(trx, a.merchantId, id, c))) throw notFound();
    await audit(trx, a, "updated", "rule", id, ruleSummary(c));
    await refreshRiskFlag(trx, a.merchantId);
  });
  return ruleItem((await findRule(db, a.merchantId, id))!);
}

export async function removeRule(db: Kysely<DB>, a: RiskActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rule = await findRule(trx, a.merchantId, id);
    if (!rule || !(await deleteRule(trx, a.merchantId, id))) throw notFound();
    await audit(trx, a, "deleted", "rule", id, rule.kind);
    await refreshRiskFlag(trx, a.merchantId);
  });
}

/** What a list entry is matched by and shown as. A card keeps only first 6, last 4 and its keyed hash. */
export function entryKey(
  dataKey: Buffer,
  kind: RiskEntryInput["kind"],
  value: string,
): { value_key: string; label: string; card_first6: string | null; card_last4: string | null } {
  if (kind === "card") {
    const pan = normalizeDigits(value).replace(/[\s-]/g, "");
    const first6 = pan.slice(0, 6);
    const last4 = pan.slice(-4);
    return {
      value_key: cardFingerprint(dataKey, pan),
      label: `${first6}${"*".repeat(Math.max(0, pan.length - 10))}${last4}`,
      card_first6: first6,
      card_last4: last4,
    };
  }
  const bad = (message: string) => new HttpError(400, "validation", message, { value: [message] });
  if (kind === "email") {
    const key = emailKey(value);
    if (!key) throw bad(RISK_MESSAGES.email);
    return { value_key: key, label: key, card_first6: null, card_last4: null };
  }
  if (kind === "phone") {
    const key = phoneKey(value);
    if (!key) throw bad(RISK_MESSAGES.phone);
    return { value_key: key, label: value.trim(), card_first6: null, card_last4: null };
  }
  const cidr = parseCidr(value);
  if (!cidr) throw bad(RISK_MESSAGES.ip);
  return { value_key: cidr.canonical, label: cidr.canonical, card_first6: null, card_last4: null };
}

export async function entries(
  db: Kysely<DB>,
  merchantId: number,
  q: { list: "black" | "white"; page: number; page_size: number },
) {
  const { count, rows } = await listEntries(db, merchantId, q.list, q);
  return { count, page: q.page, page_size: q.page_size, results: rows.map(entryItem) };
}

export async function createEntry(
  db: Kysely<DB>,
  dataKey: Buffer,
  a: RiskActor,
  input: { list: "black" | "white"; kind: RiskEntryInput["kind"]; value: string; note?: string | undefined },
): Promise<RiskEntry> {
  const key = entryKey(dataKey, input.kind, input.value);
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertEntry(trx, {
      merchant_id: a.merchantId,
      list: input.list,
      kind: input.kind,
      ...key,
      note: input.note ?? null,
      created_by: a.user.id,
    });
    if (id === undefined)
      throw new HttpError(409, "risk_entry_exists", RISK_MESSAGES.duplicate, {
        value: [RISK_MESSAGES.duplicate],
      });
    await audit(trx, a, "created", input.list, id, `${input.kind} ${key.label}`);
    await refreshRiskFlag(trx, a.merchantId);
    return id;
  });
  return entryItem((await findEntry(db, a.merchantId, id))!);
}

export async function removeEntry(db: Kysely<DB>, a: RiskActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await deleteEntry(trx, a.merchantId, id);
    if (!gone) throw notFound();
    await audit(trx, a, "deleted", gone.list, id, `${gone.kind} ${gone.label}`);
    await refreshRiskFlag(trx, a.merchantId);
  });
}

export async function auditPage(db: Kysely<DB>, merchantId: number, q: { page: number; page_size: number }) {
  const { count, rows } = await listAudit(db, merchantId, q);
  return {
    count,
    page: q.page,
    page_size: q.page_size,
    results: rows.map((r): RiskAudit => ({ ...r, created_at: iso(r.created_at) })),
  };
}
