import { COUNTRY_INFO, localDate, STATEMENT_SERVICE_NAME, type StatementCurrency } from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import {
  type ActivityRow,
  activityNetBefore,
  type CurrencySum,
  dueMerchants,
  enqueueEmails,
  insertStatements,
  lostChargebacks,
  monthActivity,
  monthBounds,
  type NewStatement,
  statementRecipients,
  statementsOfMonth,
  transfersBetween,
} from "./statements.repository.ts";

/**
 * The monthly statements job (docs/settings.md "Monthly statements"): for every country's time zone, the month
 * that has ended there (the one before the local month of `now`), the subscribed merchants without a statement
 * of that month, in batches by id; each batch is summed set-based in the database (a few grouped queries, never
 * the rows themselves), its statements inserted (the unique merchant and month leaves an existing one alone) and
 * one MONTHLY STATEMENT mail per new statement written to the outbox in the same transaction.
 */

export const STATEMENT_BATCH = 500;

export interface StatementMail {
  smtp: boolean;
  publicUrl: string;
}

export interface RunResult {
  statements: number;
  merchants: number;
}

/** YYYY-MM-01 of the month before the one holding the local date YYYY-MM-DD. */
export function previousMonth(localDay: string): string {
  const y = Number(localDay.slice(0, 4));
  const m = Number(localDay.slice(5, 7));
  const py = m === 1 ? y - 1 : y;
  const pm = m === 1 ? 12 : m - 1;
  return `${py}-${String(pm).padStart(2, "0")}-01`;
}

/** The month a statement of `now` covers in a time zone: the last one that has ended there. */
export function monthToState(now: Date, timeZone: string): string {
  return previousMonth(localDate(now, timeZone));
}

/** The countries sharing each time zone (one pass per zone). */
export function zones(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [country, info] of Object.entries(COUNTRY_INFO)) {
    out.set(info.timeZone, [...(out.get(info.timeZone) ?? []), country]);
  }
  return out;
}

/** Runs the job at `now` (every zone's ended month); `month` forces one month (YYYY-MM-01) in every zone. */
export async function runMonthlyStatements(
  db: Kysely<DB>,
  mail: StatementMail | null,
  now: Date,
  opts: { month?: string; batch?: number } = {},
): Promise<RunResult> {
  const result: RunResult = { statements: 0, merchants: 0 };
  for (const [timeZone, countries] of zones()) {
    const month = opts.month ?? monthToState(now, timeZone);
    const r = await buildZoneMonth(db, mail, countries, timeZone, month, opts.batch ?? STATEMENT_BATCH);
    result.statements += r.statements;
    result.merchants += r.merchants;
  }
  return result;
}

/** Builds the statements of one month for the subscribed merchants of some countries sharing a time zone. */
export async function buildZoneMonth(
  db: Kysely<DB>,
  mail: StatementMail | null,
  countries: readonly string[],
  timeZone: string,
  month: string,
  batch = STATEMENT_BATCH,
): Promise<RunResult> {
  const { start, end } = await monthBounds(db, month, timeZone);
  const result: RunResult = { statements: 0, merchants: 0 };
  let after = 0;
  for (;;) {
    const ids = await dueMerchants(db, countries, month, after, batch);
    if (ids.length === 0) break;
    after = ids[ids.length - 1] ?? after;
    result.merchants += ids.length;
    result.statements += await buildBatch(db, mail, ids, { month, timeZone, start, end });
  }
  return result;
}

export interface Period {
  /** YYYY-MM-01 */
  month: string;
  timeZone: string;
  start: Date;
  end: Date;
}

/** YYYY-MM-01 of the month after. */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/**
 * The statements of one batch of merchants, in one transaction with their mails (none when `mail` is null: the
 * demo's history). Returns how many were new.
 */
export async function buildBatch(
  db: Kysely<DB>,
  mail: StatementMail | null,
  merchantIds: readonly number[],
  period: Period,
): Promise<number> {
  const figures = await figuresOf(db, merchantIds, period);
  const write = async (trx: Kysely<DB>) => {
    const inserted = await insertStatements(
      trx,
      merchantIds.map(
        (id): NewStatement => ({
          merchant_id: id,
          month: period.month,
          time_zone: period.timeZone,
          period_start: period.start,
          period_end: period.end,
          figures: figures.get(id) ?? [],
        }),
      ),
    );
    if (!mail) return inserted.length;
    const to = await statementRecipients(
      trx,
      inserted.map((s) => s.merchant_id),
    );
    await enqueueEmails(
      trx,
      mail.smtp,
      inserted.flatMap((s) => {
        const r = to.get(s.merchant_id);
        return r ? [statementEmail(r.email, r.name, s.month, mail.publicUrl)] : [];
      }),
    );
    return inserted.length;
  };
  // Inside a caller's transaction (the demo's seeding) the batch joins it; otherwise it is its own.
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

function emptyCurrency(currency: string): StatementCurrency {
  return {
    currency,
    opening_cents: 0,
    methods: [],
    payments_count: 0,
    gross_cents: 0,
    refunds_count: 0,
    refunded_cents: 0,
    chargebacks_count: 0,
    chargeback_cents: 0,
    fees_cents: 0,
    vat_cents: 0,
    net_cents: 0,
    transfers_count: 0,
    transferred_cents: 0,
    closing_cents: 0,
  };
}

/**
 * The figures of a batch of merchants for one period, per merchant and currency. The opening balance is the
 * previous month's closing when that statement exists, otherwise the recount of everything before the month
 * (earned net minus lost chargebacks minus transfers of earlier days).
 */
export async function figuresOf(
  db: Kysely<DB>,
  merchantIds: readonly number[],
  period: Period,
): Promise<Map<number, StatementCurrency[]>> {
  const monthEndDay = nextMonth(period.month);
  const activity = await monthActivity(db, merchantIds, period.start, period.end);
  const chargebacks = await lostChargebacks(db, merchantIds, period.start, period.end);
  const transfers = await transfersBetween(db, merchantIds, period.month, monthEndDay);
  const previous = await statementsOfMonth(db, merchantIds, previousMonth(period.month));
  const carried = new Map<number, StatementCurrency[]>(previous.map((p) => [p.merchant_id, p.figures]));
  const recount = merchantIds.filter((id) => !carried.has(id));
  const before = {
    net: await activityNetBefore(db, recount, period.start),
    chargebacks: await lostChargebacks(db, recount, null, period.start),
    transfers: await transfersBetween(db, recount, null, period.month),
  };

  const out = new Map<number, Map<string, StatementCurrency>>();
  const cur = (merchantId: number, currency: string): StatementCurrency => {
    let m = out.get(merchantId);
    if (!m) {
      m = new Map();
      out.set(merchantId, m);
    }
    let c = m.get(currency);
    if (!c) {
      c = emptyCurrency(currency);
      m.set(currency, c);
    }
    return c;
  };
  for (const [merchantId, list] of carried) {
    for (const p of list)
      if (p.closing_cents !== 0) cur(merchantId, p.currency).opening_cents += p.closing_cents;
  }
  const addOpening = (rows: CurrencySum[], sign: 1 | -1) => {
    for (const r of rows) if (r.cents !== 0) cur(r.merchant_id, r.currency).opening_cents += sign * r.cents;
  };
  addOpening(before.net, 1);
  addOpening(before.chargebacks, -1);
  addOpening(before.transfers, -1);
  for (const a of activity as ActivityRow[]) {
    const c = cur(a.merchant_id, a.currency);
    if (a.payments > 0) c.methods.push({ method: a.method, count: a.payments, amount_cents: a.gross });
    c.payments_count += a.payments;
    c.gross_cents += a.gross;
    c.refunds_count += a.refunds;
    c.refunded_cents += a.refunded;
    c.fees_cents += a.fees;
    c.vat_cents += a.vat;
  }
  for (const r of chargebacks) {
    const c = cur(r.merchant_id, r.currency);
    c.chargebacks_count += r.count;
    c.chargeback_cents += r.cents;
  }
  for (const r of transfers) {
    const c = cur(r.merchant_id, r.currency);
    c.transfers_count += r.count;
    c.transferred_cents += r.cents;
  }
  const result = new Map<number, StatementCurrency[]>();
  for (const [merchantId, m] of out) {
    const list = [...m.values()].sort((a, b) => a.currency.localeCompare(b.currency));
    for (const c of list) {
      c.methods.sort((a, b) => b.amount_cents - a.amount_cents || a.method.localeCompare(b.method));
      c.net_cents = c.gross_cents - c.refunded_cents - c.chargeback_cents - c.fees_cents - c.vat_cents;
      c.closing_cents = c.opening_cents + c.net_cents - c.transferred_cents;
    }
    result.set(merchantId, list);
  }
  return result;
}

const MONTH_NAMES_EN = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const MONTH_NAMES_AR = [
  "يناير",
  "فبراير",
  "مارس",
  "أبريل",
  "مايو",
  "يونيو",
  "يوليو",
  "أغسطس",
  "سبتمبر",
  "أكتوبر",
  "نوفمبر",
  "ديسمبر",
];

/** "October 2026" / "أكتوبر 2026" of YYYY-MM. */
export function monthLabel(month: string, lang: "en" | "ar"): string {
  const names = lang === "ar" ? MONTH_NAMES_AR : MONTH_NAMES_EN;
  return `${names[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** The MONTHLY STATEMENT mail: bilingual, with the link to the Statements screen (the files are downloaded there). */
export function statementEmail(
  to: string,
  merchantName: string,
  month: string,
  publicUrl: string,
): { to: string; subject: string; text: string } {
  const en = monthLabel(month, "en");
  const ar = monthLabel(month, "ar");
  return {
    to,
    subject: `${STATEMENT_SERVICE_NAME}: ${en} / كشف الحساب الشهري: ${ar}`,
    text: [
      `Hello ${merchantName},`,
      "",
      `Your monthly statement for ${en} is ready. Download it as PDF or XLSX from Statements:`,
      `${publicUrl}/portal2/en/statements`,
      "",
      "You receive this e-mail because the MONTHLY STATEMENT service is on in your settings.",
      "",
      "— — —",
      "",
      `مرحبًا ${merchantName}،`,
      "",
      `كشف حسابك الشهري لشهر ${ar} جاهز. نزّله بصيغة PDF أو XLSX من صفحة كشوف الحساب:`,
      `${publicUrl}/portal2/ar/statements`,
      "",
      "تصلك هذه الرسالة لأن خدمة كشف الحساب الشهري (MONTHLY STATEMENT) مفعّلة في إعداداتك.",
      "",
    ].join("\n"),
  };
}
