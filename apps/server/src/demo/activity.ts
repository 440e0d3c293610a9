import { type Country, currencyExponent } from "@portal/domain";
import type { OrderItem } from "../db/schema.ts";
import { address, cardNumber, ISSUERS, type Person, person, walletMsisdn } from "./people.ts";
import { Random } from "./random.ts";
import {
  FEES,
  type MerchantSpec,
  type MethodSpec,
  type Scheme,
  USD_RATE,
  UTC_OFFSET_HOURS,
} from "./world.ts";

/**
 * The activity of one merchant over the 13 months before `now`: customers, orders, payment links and
 * transactions, as drafts that point at each other by reference. Ids are given later, in time order, so that
 * ids grow with created_at as they do in a live system.
 */

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** 13 months, in days. */
export const HISTORY_DAYS = 396;

export type Origin = "IFRAME" | "PRODUCT" | "INVOICE" | "SDK" | "OTHER";
export type TrnxType = "standalone" | "auth" | "capture" | "refund" | "void";

export interface IntegrationDraft {
  id?: number;
  method: MethodSpec;
  isLive: boolean;
  name: string;
  createdAt: Date;
}

export interface CustomerDraft {
  id?: number;
  person: Person;
  points: number;
  createdAt: Date;
  firstUse?: number;
}

export interface OrderDraft {
  id?: number;
  isLive: boolean;
  merchantOrderId: string | null;
  amount: number;
  paid: number;
  currency: string;
  canceled: boolean;
  deliveryNeeded: boolean;
  items: OrderItem[];
  shipping: Record<string, string> | null;
  customer: CustomerDraft;
  createdBy: string | null;
  origin: Origin;
  collector: string | null;
  createdAt: Date;
}

export interface LinkDraft {
  id?: number;
  kind: "invoice" | "link";
  isLive: boolean;
  order: OrderDraft;
  merchantInvoiceId: string | null;
  status: "paid" | "unpaid" | "deactivated" | "canceled";
  client: Record<string, string>;
  description: string;
  integrations: IntegrationDraft[];
  expiresAt: Date | null;
  remainingAttempts: number | null;
  isSms: boolean;
  isEmail: boolean;
  createdBy: string | null;
  createdAt: Date;
}

export interface TxDraft {
  id?: number;
  order: OrderDraft;
  integration: IntegrationDraft;
  parent: TxDraft | null;
  terminal: boolean;
  amount: number;
  currency: string;
  status: "pending" | "success" | "declined";
  trnxType: TrnxType;
  origin: Origin;
  channel: "Ecommerce" | "POS";
  is3ds: boolean;
  isVoided: boolean;
  isRefunded: boolean;
  isCaptured: boolean;
  isInstallment: boolean;
  isDiscounted: boolean;
  captured: number;
  refunded: number;
  fees: number;
  vat: number;
  card: { first6: string; last4: string; scheme: Scheme; type: string; issuer: string } | null;
  wallet: string | null;
  customer: CustomerDraft;
  billing: Record<string, string> | null;
  data: Record<string, unknown>;
  failureReason: string | null;
  txnResponseCode: string | null;
  acqResponseCode: string | null;
  merchantTxnRef: string | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface MerchantActivity {
  customers: CustomerDraft[];
  orders: OrderDraft[];
  links: LinkDraft[];
  transactions: TxDraft[];
}

export interface ActivityContext {
  spec: MerchantSpec;
  seed: string;
  now: Date;
  /** Number of payments (first attempts) to draw; retries and refund, capture and void rows come on top. */
  payments: number;
  integrations: IntegrationDraft[];
  /** Usernames that create invoices and links. */
  staff: string[];
  terminalUsername: string | null;
}

// Local hour weights: quiet nights, a lunchtime rise and an evening peak.
const HOUR_WEIGHTS = [
  2, 1, 0.6, 0.4, 0.3, 0.3, 0.5, 1, 2, 3, 4, 5, 6, 6, 5.5, 5, 5, 5.5, 6, 7, 7.5, 7, 5, 3.5,
];
// Index 0 = Sunday. Weekends: Friday (and Saturday) in most countries, Saturday-Sunday in the UAE.
const WEEKDAY_FACTORS: Record<Country, number[]> = {
  EGY: [1.0, 1.0, 1.02, 1.05, 1.1, 0.75, 0.9],
  ARE: [0.85, 1.0, 1.0, 1.02, 1.05, 1.1, 0.95],
  SAU: [1.0, 1.0, 1.02, 1.05, 1.15, 0.8, 0.95],
  PAK: [0.9, 1.0, 1.0, 1.02, 1.05, 0.85, 1.0],
  OMN: [1.0, 1.0, 1.02, 1.05, 1.1, 0.8, 0.9],
};
// Months: a dip after New Year, White Friday in November, the December holidays.
const MONTH_FACTORS = [0.9, 0.95, 1.0, 1.0, 1.0, 0.95, 1.0, 1.0, 1.05, 1.05, 1.35, 1.2];

const OUTCOMES: Record<MethodSpec["sourceType"], readonly (readonly [TxDraft["status"], number])[]> = {
  card: [
    ["success", 86],
    ["declined", 11],
    ["pending", 3],
  ],
  wallet: [
    ["success", 82],
    ["declined", 11],
    ["pending", 7],
  ],
  aggregator: [
    ["success", 78],
    ["declined", 4],
    ["pending", 18],
  ],
  cash_present: [
    ["success", 83],
    ["declined", 5],
    ["pending", 12],
  ],
  valu: [
    ["success", 80],
    ["declined", 15],
    ["pending", 5],
  ],
};

const DECLINES: Record<MethodSpec["sourceType"], readonly (readonly [string, string, string])[]> = {
  card: [
    ["Insufficient funds", "DECLINED", "51"],
    ["Do not honour", "DECLINED", "05"],
    ["Expired card", "DECLINED", "54"],
    ["Authentication failed", "AUTHENTICATION_FAILED", "3D"],
    ["Transaction not permitted to cardholder", "DECLINED", "57"],
  ],
  wallet: [
    ["Wallet has insufficient balance", "DECLINED", "6061"],
    ["Wrong OTP", "DECLINED", "6010"],
  ],
  aggregator: [["Bill reference expired", "EXPIRED", "EXP"]],
  cash_present: [["Customer refused the delivery", "DECLINED", "REFUSED"]],
  valu: [
    ["Insufficient valU limit", "DECLINED", "VL01"],
    ["Customer not eligible", "DECLINED", "VL02"],
  ],
};

const DEFAULT_SCHEMES: readonly (readonly [Scheme, number])[] = [["MasterCard", 1]];

const COLLECTORS: Record<Country, string[]> = {
  EGY: ["Bosta", "Aramex", "Mylerz"],
  ARE: ["Aramex", "Quiqup", "Emirates Post"],
  SAU: ["SMSA", "Aramex", "SPL"],
  PAK: ["TCS", "Leopards", "M&P"],
  OMN: ["Aramex", "Oman Post"],
};

function weekdayOf(localDay: number): number {
  // 1970-01-01 was a Thursday (4).
  return (localDay + 4) % 7;
}

/** Minor units of a price for a currency, from the catalogue's local price. */
function priceMinor(price: number, localCurrency: string, currency: string): number {
  const exponent = currencyExponent(currency);
  const major = currency === localCurrency ? price : price / (USD_RATE[localCurrency] ?? 1);
  // USD prices end in .99 or .00, like a shop's price list; local prices are kept as listed.
  const value = currency === localCurrency ? major : Math.max(1, Math.round(major)) - (major > 5 ? 0.01 : 0);
  return Math.round(value * 10 ** exponent);
}

/** Draws the payment times: daily counts follow growth, weekday, month and noise; times follow the hour weights. */
export function paymentTimes(spec: MerchantSpec, rnd: Random, now: Date, count: number): number[] {
  const offset = UTC_OFFSET_HOURS[spec.country] * HOUR_MS;
  const nowMs = now.getTime();
  const today = Math.floor((nowMs + offset) / DAY_MS);
  const activeDays = Math.min(HISTORY_DAYS, Math.round(spec.joinedMonthsAgo * 30.4));
  const firstDay = today - activeDays + 1;
  const weights: number[] = [];
  for (let day = firstDay; day <= today; day++) {
    const t = (day - firstDay) / Math.max(1, activeDays - 1);
    const growth = 0.45 + 0.55 * t;
    const month = new Date(day * DAY_MS).getUTCMonth();
    const noise = Math.exp(0.18 * rnd.normal());
    let w = growth * WEEKDAY_FACTORS[spec.country][weekdayOf(day)]! * MONTH_FACTORS[month]! * noise;
    if (day === today) w *= Math.max(0, (nowMs + offset - day * DAY_MS) / DAY_MS);
    weights.push(w);
  }
  const total = weights.reduce((a, b) => a + b, 0);
  const hourEntries = HOUR_WEIGHTS.map((w, h) => [h, w] as const);
  const times: number[] = [];
  let acc = 0;
  let placed = 0;
  weights.forEach((w, i) => {
    acc += total > 0 ? (count * w) / total : 0;
    const target = Math.min(count, Math.round(acc));
    const dayStart = (firstDay + i) * DAY_MS - offset;
    const dayTimes: number[] = [];
    for (; placed < target; placed++) {
      let time = dayStart + rnd.weighted(hourEntries) * HOUR_MS + rnd.int(0, HOUR_MS - 1);
      if (time >= nowMs) time = Math.max(dayStart, nowMs - rnd.int(1, Math.max(1, nowMs - dayStart)));
      dayTimes.push(time);
    }
    dayTimes.sort((a, b) => a - b);
    times.push(...dayTimes);
  });
  return times;
}

export function generateActivity(ctx: ActivityContext): MerchantActivity {
  const { spec, now } = ctx;
  const nowMs = now.getTime();
  const rnd = Random.stream(ctx.seed, `activity/${spec.slug}`);
  const country = spec.country;
  const localCurrency = spec.methods[0]!.currency === "USD" ? "EGP" : spec.methods[0]!.currency;
  const fees = FEES[country];

  const customers: CustomerDraft[] = [];
  const customerCount = Math.max(8, Math.round(ctx.payments / 5));
  for (let i = 0; i < customerCount; i++) {
    customers.push({ person: person(rnd, country, i + 1), points: rnd.int(0, 60) * 10, createdAt: now });
  }
  const orders: OrderDraft[] = [];
  const links: LinkDraft[] = [];
  const transactions: TxDraft[] = [];
  let orderSeq = 1000;
  let invoiceSeq = 500;

  const integrationFor = (method: MethodSpec, isLive: boolean) =>
    ctx.integrations.find((i) => i.method === method && i.isLive === isLive);

  const pickCustomer = (time: number): CustomerDraft => {
    // Returning customers: low indices come up far more often.
    const c = customers[Math.floor(customerCount * rnd.next() ** 1.7)]!;
    c.firstUse = Math.min(c.firstUse ?? time, time);
    return c;
  };

  const pickOrigin = (method: MethodSpec): Origin => {
    if (method.channel === "POS") return "OTHER";
    if (method.type === "moto")
      return rnd.weighted([
        ["OTHER", 70],
        ["INVOICE", 30],
      ] as const);
    return rnd.weighted([
      ["IFRAME", 45],
      ["SDK", 15],
      ["INVOICE", 15],
      ["PRODUCT", 10],
      ["OTHER", 15],
    ] as const);
  };

  const newOrder = (time: number, method: MethodSpec, currency: string, isLive: boolean, origin: Origin) => {
    const customer = pickCustomer(time);
    const items: OrderItem[] = [];
    const lines = rnd.weighted([
      [1, 60],
      [2, 28],
      [3, 12],
    ] as const);
    const available = [...spec.catalog];
    for (let l = 0; l < lines && available.length > 0; l++) {
      const product = available.splice(rnd.int(0, available.length - 1), 1)[0]!;
      items.push({
        name: product.name,
        amount_cents: priceMinor(product.price, localCurrency, currency),
        description: product.name,
        quantity: rnd.weighted([
          [1, 80],
          [2, 15],
          [3, 5],
        ] as const),
      });
    }
    const amount = items.reduce((sum, item) => sum + item.amount_cents * item.quantity, 0);
    const deliveryNeeded = method.channel !== "POS" && rnd.chance(spec.deliveryShare);
    const ship = deliveryNeeded
      ? {
          first_name: customer.person.firstName,
          last_name: customer.person.lastName,
          email: customer.person.email,
          phone_number: customer.person.phone,
          ...address(rnd, country),
          shipping_method: "PKG",
          extra_description: rnd.pick(["", "Call before delivery", "Leave at reception", "Evening delivery"]),
        }
      : null;
    const createdBy =
      origin === "INVOICE" || origin === "PRODUCT"
        ? rnd.pick(ctx.staff)
        : method.channel === "POS"
          ? ctx.terminalUsername
          : null;
    const month = new Date(time).toISOString().slice(0, 7).replace("-", "");
    const order: OrderDraft = {
      isLive,
      merchantOrderId: rnd.chance(0.75) ? `${spec.orderPrefix}-${month}-${orderSeq++}` : null,
      amount,
      paid: 0,
      currency,
      canceled: false,
      deliveryNeeded,
      items,
      shipping: ship,
      customer,
      createdBy,
      origin,
      collector: deliveryNeeded ? rnd.pick(COLLECTORS[country]) : null,
      createdAt: new Date(time - rnd.int(5, 600) * 1000),
    };
    orders.push(order);
    return order;
  };

  const feesFor = (amount: number, currency: string) => {
    const exponent = currencyExponent(currency);
    const fixed = currency === localCurrency ? fees.fixedMinor : 30 * 10 ** (exponent - 2);
    const fee = Math.min(amount, Math.round((amount * fees.percent) / 100) + fixed);
    return { fee, vat: Math.round((fee * fees.vatPercent) / 100) };
  };

  const payment = (
    order: OrderDraft,
    integration: IntegrationDraft,
    time: number,
    status: TxDraft["status"],
    trnxType: TrnxType,
  ): TxDraft => {
    const method = integration.method;
    const c = order.customer.person;
    let card: TxDraft["card"] = null;
    if (method.sourceType === "card" || method.installment === "bank") {
      const scheme = rnd.weighted<Scheme>(method.schemes ?? DEFAULT_SCHEMES);
      const number = cardNumber(rnd, scheme);
      const type =
        scheme === "Meeza" || scheme === "Mada" || scheme === "OmanNet"
          ? "debit"
          : rnd.weighted([
              ["credit", 55],
              ["debit", 40],
              ["prepaid", 5],
            ] as const);
      card = { ...number, scheme, type, issuer: rnd.pick(ISSUERS[country]) };
    }
    const wallet = method.sourceType === "wallet" ? walletMsisdn(rnd, country) : null;
    const decline = status === "declined" ? rnd.pick(DECLINES[method.sourceType]) : null;
    const isEcomCard =
      method.sourceType === "card" && method.channel === "Ecommerce" && method.type !== "moto";
    const subType =
      card?.scheme ??
      { wallet: "wallet", aggregator: "AGGREGATOR", cash_present: "CASH", valu: "valU", card: "card" }[
        method.sourceType
      ];
    const data: Record<string, unknown> = {
      message: status === "success" ? "Approved" : status === "pending" ? "Pending" : decline![0],
      txn_response_code: status === "success" ? (wallet ? "200" : "APPROVED") : status.toUpperCase(),
      source_data: { type: method.sourceType, sub_type: subType, pan: card?.last4 ?? wallet ?? "" },
    };
    if (method.sourceType === "aggregator") data.bill_reference = rnd.digits(8);
    if (method.installment === "valu" && status === "success") {
      const down = Math.round((order.amount * rnd.pick([0, 10, 20])) / 100);
      const tenure = rnd.pick([6, 9, 12, 18, 24]);
      data.valu = {
        receipt_url: `https://valu.example/receipts/${rnd.digits(10)}`,
        product_ref_number: rnd.digits(9),
        down_payment: down,
        financed_amount: order.amount - down,
        monthly_installment: Math.ceil((order.amount - down) / tenure),
        installment_plan: `${tenure} months`,
        purchase_ref_number: rnd.digits(12),
      };
    }
    if (method.installment === "bank" && status === "success") {
      data.bank_installment = { bank_name: card?.issuer ?? "", tenure: rnd.pick([3, 6, 12]) };
    }
    const discounted = status === "success" && rnd.chance(0.03);
    if (discounted) {
      const discount = Math.round(order.amount * 0.1);
      data.discount = { original_amount_cents: order.amount + discount, discount_cents: discount };
    }
    const tx: TxDraft = {
      order,
      integration,
      parent: null,
      terminal: method.channel === "POS",
      amount: order.amount,
      currency: order.currency,
      status,
      trnxType,
      origin: order.origin,
      channel: method.channel,
      is3ds: isEcomCard && rnd.chance(country === "EGY" ? 0.95 : 0.85),
      isVoided: false,
      isRefunded: false,
      isCaptured: false,
      isInstallment: method.installment !== undefined,
      isDiscounted: discounted,
      captured: 0,
      refunded: 0,
      fees: 0,
      vat: 0,
      card: card && {
        first6: card.first6,
        last4: card.last4,
        scheme: card.scheme,
        type: card.type,
        issuer: card.issuer,
      },
      wallet,
      customer: order.customer,
      billing: {
        first_name: c.firstName,
        last_name: c.lastName,
        email: c.email,
        phone_number: c.phone,
        ...address(rnd, country),
        shipping_method: "PKG",
        ip_address: `${rnd.int(11, 223)}.${rnd.int(0, 255)}.${rnd.int(0, 255)}.${rnd.int(1, 254)}`,
      },
      data,
      failureReason: decline ? decline[0] : null,
      txnResponseCode: data.txn_response_code as string,
      acqResponseCode: status === "success" ? "00" : decline ? decline[2] : null,
      merchantTxnRef: card ? rnd.digits(12) : null,
      createdBy: order.createdBy,
      createdAt: new Date(time),
      updatedAt: new Date(time),
    };
    if (status === "success") {
      const f = feesFor(order.amount, order.currency);
      tx.fees = f.fee;
      tx.vat = f.vat;
    }
    transactions.push(tx);
    return tx;
  };

  const child = (parent: TxDraft, trnxType: TrnxType, amount: number, time: number): TxDraft => {
    const tx: TxDraft = {
      ...parent,
      parent,
      amount,
      status: "success",
      trnxType,
      is3ds: false,
      isVoided: false,
      isRefunded: false,
      isCaptured: false,
      isDiscounted: false,
      captured: 0,
      refunded: 0,
      fees: 0,
      vat: 0,
      data: { message: "Approved", txn_response_code: "APPROVED", source_data: parent.data.source_data },
      failureReason: null,
      txnResponseCode: "APPROVED",
      acqResponseCode: "00",
      merchantTxnRef: parent.card ? rnd.digits(12) : null,
      createdBy: rnd.pick(ctx.staff),
      createdAt: new Date(time),
      updatedAt: new Date(time),
    };
    parent.updatedAt = new Date(Math.max(parent.updatedAt.getTime(), time));
    transactions.push(tx);
    return tx;
  };

  /** A partial amount that leaves a remainder above 500 minor units (the spec's partial refund rule). */
  const partialOf = (max: number, currency: string): number | undefined => {
    const step = currencyExponent(currency) === 3 ? 1000 : 100;
    const value = Math.floor((max * (0.15 + 0.5 * rnd.next())) / step) * step;
    return value >= step && max - value > 500 ? value : undefined;
  };

  const refunds = (parent: TxDraft, refundable: number) => {
    const full = rnd.chance(0.4);
    const total = full ? refundable : (partialOf(refundable, parent.currency) ?? refundable);
    const parts = !full && total !== refundable && rnd.chance(0.3) ? 2 : 1;
    let time = parent.createdAt.getTime();
    let done = 0;
    for (let p = 0; p < parts; p++) {
      const amount = p === parts - 1 ? total - done : Math.floor(total / 2);
      time += rnd.int(1, 10 * 24) * HOUR_MS;
      if (time >= nowMs || amount <= 0) break;
      child(parent, "refund", amount, time);
      done += amount;
    }
    if (done > 0) {
      parent.isRefunded = true;
      parent.refunded = done;
    }
  };

  const afterSuccess = (tx: TxDraft) => {
    const method = tx.integration.method;
    const t0 = tx.createdAt.getTime();
    const refundable = method.sourceType !== "aggregator" && method.sourceType !== "cash_present";
    if (tx.trnxType === "auth") {
      const age = nowMs - t0;
      if (age < 14 * DAY_MS && rnd.chance(0.5)) return; // still waiting for capture
      if (rnd.chance(0.08)) {
        const time = t0 + rnd.int(1, 48) * HOUR_MS;
        if (time < nowMs) {
          child(tx, "void", tx.amount, time);
          tx.isVoided = true;
          tx.fees = 0;
          tx.vat = 0;
        }
        return;
      }
      const captured = rnd.chance(0.85) ? tx.amount : (partialOf(tx.amount, tx.currency) ?? tx.amount);
      const time = t0 + rnd.int(1, 72) * HOUR_MS;
      if (time >= nowMs) return;
      child(tx, "capture", captured, time);
      tx.isCaptured = true;
      tx.captured = captured;
      const f = feesFor(captured, tx.currency);
      tx.fees = f.fee;
      tx.vat = f.vat;
      if (rnd.chance(0.04)) refunds(tx, captured);
      return;
    }
    const voidable = method.sourceType === "card" && method.installment === undefined;
    if (voidable && rnd.chance(0.02)) {
      const endOfDay = t0 - (t0 % DAY_MS) + DAY_MS - 1;
      const time = Math.min(t0 + rnd.int(5, 300) * MINUTE_MS, endOfDay, nowMs - 1);
      if (time > t0) {
        child(tx, "void", tx.amount, time);
        tx.isVoided = true;
        tx.fees = 0;
        tx.vat = 0;
        return;
      }
    }
    if (refundable && rnd.chance(method.installment === "valu" ? 0.08 : 0.05)) refunds(tx, tx.amount);
  };

  // Payments.
  const methodEntries = spec.methods.map((m) => [m, m.weight] as const);
  for (const time of paymentTimes(spec, rnd, now, ctx.payments)) {
    const method = rnd.weighted(methodEntries);
    const live = integrationFor(method, true);
    const test = integrationFor(method, false);
    const isLive = live && test ? rnd.chance(0.85) : Boolean(live);
    const integration = (isLive ? live : test) ?? live ?? test;
    if (!integration) continue;
    const origin = pickOrigin(method);
    const order = newOrder(time, method, method.currency, integration.isLive, origin);
    const outcome = rnd.weighted(OUTCOMES[method.sourceType]);
    const isCard = method.sourceType === "card" && method.installment === undefined;
    const trnxType: TrnxType =
      isCard && method.authShare && rnd.chance(method.authShare) ? "auth" : "standalone";
    const first = payment(order, integration, time, outcome, trnxType);
    let final = first;
    if (outcome === "declined" && rnd.chance(0.35)) {
      const retryAt = time + rnd.int(1, 20) * MINUTE_MS;
      if (retryAt < nowMs) {
        final = payment(order, integration, retryAt, rnd.chance(0.8) ? "success" : "declined", trnxType);
      }
    }
    if (final.status === "success") {
      afterSuccess(final);
      order.paid = paidBy(final);
    }
    if (origin === "INVOICE" || origin === "PRODUCT") {
      const attempts = final === first ? 1 : 2;
      links.push(linkFor(order, origin, attempts, final.status === "success"));
    }
  }

  // Orders that were never paid (abandoned checkouts, unpaid invoices and links), a share of them canceled.
  const abandoned = Math.round(ctx.payments * 0.12);
  const ecommerce = spec.methods.filter((m) => m.channel === "Ecommerce");
  for (const time of paymentTimes(spec, rnd, now, abandoned)) {
    const method = rnd.pick(ecommerce.length > 0 ? ecommerce : spec.methods);
    const integration = integrationFor(method, true) ?? integrationFor(method, false);
    if (!integration) continue;
    const origin = rnd.weighted([
      ["IFRAME", 35],
      ["SDK", 10],
      ["INVOICE", 30],
      ["PRODUCT", 25],
    ] as const);
    const order = newOrder(time, method, method.currency, integration.isLive, origin);
    order.canceled = rnd.chance(0.3);
    if (origin === "INVOICE" || origin === "PRODUCT") links.push(linkFor(order, origin, 0, false));
  }

  /**
   * The money a successful payment pays its order, as the payment core counts it (payments/outcome.ts,
   * operations.service.ts): a sale its amount, an auth only what was captured, a voided payment nothing.
   */
  function paidBy(tx: TxDraft): number {
    if (tx.isVoided) return 0;
    return tx.trnxType === "auth" ? tx.captured : tx.amount;
  }

  /** `paid`: the order had a successful payment (an auth pays the link even before its capture). */
  function linkFor(
    order: OrderDraft,
    origin: "INVOICE" | "PRODUCT",
    attempts: number,
    paid: boolean,
  ): LinkDraft {
    const kind = origin === "INVOICE" ? "invoice" : "link";
    const created = order.createdAt.getTime();
    const expiresAt =
      kind === "invoice"
        ? new Date(created + (rnd.chance(0.4) ? HOUR_MS : rnd.int(1, 14) * DAY_MS))
        : rnd.chance(0.5)
          ? null
          : new Date(created + 30 * DAY_MS);
    const status: LinkDraft["status"] = paid
      ? "paid"
      : order.canceled
        ? "canceled"
        : rnd.chance(0.25)
          ? "deactivated"
          : "unpaid";
    const sameKind = ctx.integrations.filter(
      (i) =>
        i.isLive === order.isLive && i.method.currency === order.currency && i.method.channel === "Ecommerce",
    );
    const chosen = sameKind.filter((i) => i.method.sourceType === "card" || rnd.chance(0.5));
    const c = order.customer.person;
    return {
      kind,
      isLive: order.isLive,
      order,
      merchantInvoiceId: kind === "invoice" ? `INV-${invoiceSeq++}` : null,
      status,
      client:
        kind === "invoice"
          ? { full_name: c.fullName, email: c.email, phone_number: c.phone }
          : { first_name: c.firstName, last_name: c.lastName, email: c.email, phone_number: c.phone },
      description: order.items.map((i) => i.name).join(", "),
      integrations: chosen.length > 0 ? chosen : sameKind.slice(0, 1),
      expiresAt,
      remainingAttempts: Math.max(0, 3 - attempts),
      isSms: rnd.chance(0.4),
      isEmail: rnd.chance(0.7),
      createdBy: order.createdBy,
      createdAt: order.createdAt,
    };
  }

  // Customers appear shortly before their first order; unused ones somewhere in the merchant's history.
  const historyStart = nowMs - Math.min(HISTORY_DAYS, Math.round(spec.joinedMonthsAgo * 30.4)) * DAY_MS;
  for (const c of customers) {
    const at =
      c.firstUse !== undefined
        ? c.firstUse - rnd.int(1, 72) * HOUR_MS
        : historyStart + Math.floor(rnd.next() * (nowMs - historyStart));
    c.createdAt = new Date(at);
  }
  return { customers, orders, links, transactions };
}
