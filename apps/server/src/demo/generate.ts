import { randomBytes } from "node:crypto";
import {
  BANK_PERMISSIONS,
  type Country,
  MERCHANT_PERMISSIONS,
  type ProfileType,
  TERMINAL_PERMISSIONS,
} from "@portal/domain";
import type { Insertable } from "kysely";
import type {
  BanksTable,
  CustomersTable,
  IntegrationsTable,
  MerchantsTable,
  OrdersTable,
  PartnersTable,
  PaymentLinksTable,
  TerminalsTable,
  TransactionsTable,
  UsersTable,
} from "../db/schema.ts";
import {
  generateMerchantKeys,
  type MerchantKeyRow,
  type MerchantKeys,
  merchantKeyRows,
} from "../security/keys.ts";
import {
  DAY_MS,
  generateActivity,
  type IntegrationDraft,
  type LinkDraft,
  type OrderDraft,
  type TxDraft,
} from "./activity.ts";
import { person } from "./people.ts";
import { Random } from "./random.ts";
import {
  BANK_STAFF_PERMISSIONS,
  BANKS,
  DEMO_PASSWORD,
  MERCHANTS,
  type MerchantSpec,
  PARTNER,
  STAFF_PERMISSIONS,
} from "./world.ts";

/**
 * The deterministic demo generator: the same seed and the same `now` give the same rows (users' password
 * hashes and the encrypted HMAC secrets aside, which are salted at insert time). Keys come from the seed only
 * when `deterministicKeys` is set; by default they are truly random, so a demo left running is not guessable.
 */

export const DEFAULT_SEED = "portal-demo";

export const ID_TABLES = [
  "banks",
  "partners",
  "merchants",
  "terminals",
  "users",
  "integrations",
  "customers",
  "orders",
  "payment_links",
  "transactions",
] as const;
export type IdTable = (typeof ID_TABLES)[number];

export interface DemoOptions {
  seed?: string;
  now?: Date;
  /** Multiplies the number of payments of every merchant (1 = about 25,000 transactions). */
  volume?: number;
  deterministicKeys?: boolean;
  /** First id to use per table (defaults to 1); ensureDemoData passes the sequences' next values. */
  idBase?: Partial<Record<IdTable, number>>;
}

export interface DemoAccount {
  username: string;
  password: string;
  profile_type: ProfileType;
  country: Country;
}

export interface DemoIntegration {
  id: number;
  name: string;
  type: string;
  gateway_type: string;
  currency: string;
  is_live: boolean;
}

export interface DemoMerchantCredentials {
  merchant_id: number;
  company_name: string;
  country: Country;
  api_key: string;
  secret_key_test: string;
  secret_key_live: string;
  public_key_test: string;
  public_key_live: string;
  hmac_secret: string;
  integrations: DemoIntegration[];
}

/** The shape of DATA_DIR/demo-credentials.json. */
export interface DemoCredentials {
  generated_at: string;
  accounts: DemoAccount[];
  merchants: DemoMerchantCredentials[];
  /** Opens the local mailbox (header x-mailbox-key, or the mailbox page's form); derived from the data key. */
  mailbox_key?: string;
}

type WithId<T> = Insertable<T> & { id: number };
export type DemoUserRow = Omit<WithId<UsersTable>, "password_hash"> & { password: string };

export interface DemoDataset {
  banks: WithId<BanksTable>[];
  partners: WithId<PartnersTable>[];
  merchants: WithId<MerchantsTable>[];
  terminals: WithId<TerminalsTable>[];
  users: DemoUserRow[];
  integrations: WithId<IntegrationsTable>[];
  merchantKeys: MerchantKeyRow[];
  customers: WithId<CustomersTable>[];
  orders: WithId<OrdersTable>[];
  paymentLinks: WithId<PaymentLinksTable>[];
  transactions: WithId<TransactionsTable>[];
  /** Plaintext HMAC secrets by merchant id, encrypted when stored. */
  hmacSecrets: Map<number, string>;
  credentials: DemoCredentials;
}

function ids(base: Partial<Record<IdTable, number>> = {}) {
  const next = Object.fromEntries(ID_TABLES.map((t) => [t, base[t] ?? 1])) as Record<IdTable, number>;
  return (table: IdTable) => next[table]++;
}

/** Orders by time, then by draw order, and hands out ids in that order. */
function assignIds<T extends { id?: number; createdAt: Date }>(items: T[], nextId: () => number): T[] {
  const sorted = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.createdAt.getTime() - b.item.createdAt.getTime() || a.index - b.index)
    .map((x) => x.item);
  for (const item of sorted) item.id = nextId();
  return sorted;
}

function monthsAgo(now: Date, months: number): Date {
  return new Date(now.getTime() - Math.round(months * 30.4) * DAY_MS);
}

export function generateDemoData(options: DemoOptions = {}): DemoDataset {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();
  const volume = options.volume ?? 1;
  const nextId = ids(options.idBase);
  const rnd = Random.stream(seed, "world");
  const accounts: DemoAccount[] = [];
  const users: DemoUserRow[] = [];

  const addUser = (
    username: string,
    profileType: ProfileType,
    country: Country,
    fields: Partial<DemoUserRow>,
    joined: Date,
  ): DemoUserRow => {
    const p = person(rnd, country, users.length + 1);
    const row: DemoUserRow = {
      id: nextId("users"),
      username,
      email: `${username}@example.com`,
      first_name: p.firstName,
      last_name: p.lastName,
      password: DEMO_PASSWORD,
      profile_type: profileType,
      merchant_id: null,
      bank_id: null,
      partner_id: null,
      terminal_id: null,
      country,
      permissions: [],
      portal_config: null,
      is_temp_password: false,
      date_joined: joined,
      last_login_at: null,
      ...fields,
    };
    users.push(row);
    accounts.push({ username, password: DEMO_PASSWORD, profile_type: profileType, country });
    return row;
  };

  const banks = BANKS.map((b) => ({
    spec: b,
    row: {
      id: nextId("banks"),
      name: b.name,
      name_ar: b.nameAr,
      country: b.country,
      created_at: monthsAgo(now, 30),
    },
  }));
  const partnerRow: WithId<PartnersTable> = {
    id: nextId("partners"),
    name: PARTNER.name,
    code: PARTNER.code,
    domain: PARTNER.domain,
    time_zone: PARTNER.timeZone,
    css: PARTNER.css,
    logo_url: PARTNER.logoUrl,
    logo_small_url: PARTNER.logoSmallUrl,
    is_redirect_to_new_portal: false,
    onboarding_partner: true,
    created_at: monthsAgo(now, 24),
  };

  interface MerchantBuild {
    spec: MerchantSpec;
    row: WithId<MerchantsTable>;
    integrations: IntegrationDraft[];
    terminal: WithId<TerminalsTable> | null;
    staff: string[];
    terminalUsername: string | null;
  }
  const builds: MerchantBuild[] = MERCHANTS.map((spec) => {
    const created = monthsAgo(now, spec.joinedMonthsAgo + 0.5);
    const id = nextId("merchants");
    const p = person(rnd, spec.country, id);
    const row: WithId<MerchantsTable> = {
      id,
      company_name: spec.companyName,
      country: spec.country,
      bank_id: spec.bank ? banks.find((b) => b.spec.key === spec.bank)!.row.id : null,
      partner_id: spec.partnerBranded ? partnerRow.id : null,
      is_mobadra: spec.isMobadra ?? false,
      sector: spec.sector,
      sales_owner: rnd.pick(["Mariam Adel", "Youssef Kamal", "Huda Saleh"]),
      phones: [p.phone],
      emails: [`contact@${spec.slug.replace(/\./g, "-")}.example.com`],
      filled_business_data: spec.hasUsers || spec.bankMerchantStatus === "approved",
      payout_enabled: spec.isLive,
      payout_terms: spec.isLive,
      logo_url: null,
      receive_callback_card_info: spec.slug === "egypt",
      bank_merchant_status: spec.bankMerchantStatus,
      digital_status: spec.digitalStatus,
      suspicious: spec.bankMerchantStatus === "rejected" ? "suspicious" : "none",
      is_live: spec.isLive,
      live_date: spec.isLive ? new Date(created.getTime() + 21 * DAY_MS) : null,
      mcc: spec.mcc,
      hmac_secret_enc: null,
      created_at: created,
    };
    const integrations: IntegrationDraft[] = [];
    spec.methods.forEach((method, index) => {
      const at = created.getTime() + (index + 1) * DAY_MS;
      if (method.test || !spec.isLive) {
        integrations.push({ method, isLive: false, name: `${method.name} - Test`, createdAt: new Date(at) });
      }
      if (method.live && spec.isLive) {
        integrations.push({
          method,
          isLive: true,
          name: `${method.name} - Live`,
          createdAt: new Date(at + 21 * DAY_MS),
        });
      }
    });
    for (const integration of integrations) integration.id = nextId("integrations");
    const terminal: WithId<TerminalsTable> | null = spec.hasTerminal
      ? {
          id: nextId("terminals"),
          merchant_id: id,
          terminal_code: `T-${spec.country}-${String(id).padStart(4, "0")}01`,
          branch_name: "Nasr City Branch",
          city: "Cairo",
          address: "12 Abbas El Akkad Street, Nasr City",
          created_at: new Date(created.getTime() + 30 * DAY_MS),
        }
      : null;
    return { spec, row, integrations, terminal, staff: [], terminalUsername: null };
  });

  // Sign-ins, grouped by country in the order of the credentials file.
  for (const b of builds.filter((m) => m.spec.hasUsers)) {
    const { spec, row } = b;
    const joined = new Date((row.created_at as Date).getTime() + DAY_MS);
    addUser(
      `merchant.${spec.slug}`,
      "Merchant",
      spec.country,
      {
        merchant_id: row.id,
        permissions: [...MERCHANT_PERMISSIONS],
      },
      joined,
    );
    for (const staff of ["staff1", "staff2"] as const) {
      addUser(
        `${staff}.${spec.slug}`,
        "MerchantStaff",
        spec.country,
        {
          merchant_id: row.id,
          permissions: [...STAFF_PERMISSIONS[staff]],
        },
        new Date(joined.getTime() + 30 * DAY_MS),
      );
    }
    b.staff = [`merchant.${spec.slug}`, `staff1.${spec.slug}`];
    if (spec.slug === "egypt") {
      addUser(
        "temp.egypt",
        "MerchantStaff",
        "EGY",
        {
          merchant_id: row.id,
          permissions: [...STAFF_PERMISSIONS.staff1],
          is_temp_password: true,
        },
        new Date(now.getTime() - 2 * DAY_MS),
      );
    }
    if (b.terminal) {
      addUser(
        `terminal.${spec.slug}`,
        "Terminal",
        spec.country,
        {
          merchant_id: row.id,
          terminal_id: b.terminal.id,
          permissions: [...TERMINAL_PERMISSIONS],
        },
        b.terminal.created_at as Date,
      );
      b.terminalUsername = `terminal.${spec.slug}`;
    }
  }
  for (const b of builds) if (b.staff.length === 0) b.staff = ["API"];
  for (const { spec, row } of banks) {
    addUser(
      `bank.${spec.key}`,
      "Bank",
      spec.country,
      {
        bank_id: row.id,
        permissions: [...BANK_PERMISSIONS],
        portal_config: spec.portalConfig,
      },
      monthsAgo(now, 28),
    );
    addUser(
      `bankstaff.${spec.key}`,
      "BankStaff",
      spec.country,
      {
        bank_id: row.id,
        permissions: [...BANK_STAFF_PERMISSIONS],
        portal_config: spec.staffPortalConfig,
      },
      monthsAgo(now, 20),
    );
  }
  addUser("partner", "Partner", "EGY", { partner_id: partnerRow.id }, monthsAgo(now, 23));
  // A view-only staff user of a merchant that is not live yet: the live/test switch is disabled for it.
  const notLive = builds.find((b) => b.spec.slug === "dubai.gadgets")!;
  // It has answered the onboarding questionnaire, so its users reach the dashboard (merchant.new shows the popup).
  notLive.row.filled_business_data = true;
  addUser(
    "testonly.uae",
    "MerchantStaff",
    notLive.spec.country,
    { merchant_id: notLive.row.id, permissions: [...STAFF_PERMISSIONS.staff2] },
    new Date((notLive.row.created_at as Date).getTime() + DAY_MS),
  );
  // An owner who has not answered the onboarding questionnaire yet: signing in shows the onboarding popup.
  const newcomer = builds.find((b) => b.spec.slug === "alex.seafood")!;
  newcomer.row.filled_business_data = false;
  addUser(
    "merchant.new",
    "Merchant",
    newcomer.spec.country,
    { merchant_id: newcomer.row.id, permissions: [...MERCHANT_PERMISSIONS] },
    new Date((newcomer.row.created_at as Date).getTime() + DAY_MS),
  );
  // Users and permissions (docs/settings.md): each signed-in merchant's team admin manages staff and may see the
  // API key; Egypt also has a staff user who has not used the activation link yet. Added last: no draw moves.
  for (const b of builds) {
    if (!users.some((u) => u.username === `staff1.${b.spec.slug}`)) continue;
    addUser(
      `admin.${b.spec.slug}`,
      "MerchantStaff",
      b.spec.country,
      { merchant_id: b.row.id, permissions: [...STAFF_PERMISSIONS.admin] },
      new Date((b.row.created_at as Date).getTime() + 45 * DAY_MS),
    );
    if (b.spec.slug === "egypt")
      addUser(
        "invited.egypt",
        "MerchantStaff",
        "EGY",
        { merchant_id: b.row.id, permissions: [...STAFF_PERMISSIONS.invited], pending_activation: true },
        new Date(now.getTime() - 3 * DAY_MS),
      );
  }

  // Activity, then ids in time order across all merchants.
  const activities = builds.map((b) =>
    generateActivity({
      spec: b.spec,
      seed,
      now,
      payments: Math.round(b.spec.payments * volume),
      integrations: b.integrations,
      staff: b.staff,
      terminalUsername: b.terminalUsername,
    }),
  );
  const merchantOf = new Map<object, MerchantBuild>();
  activities.forEach((a, i) => {
    for (const o of a.orders) merchantOf.set(o, builds[i]!);
    for (const c of a.customers) merchantOf.set(c, builds[i]!);
  });
  const customers = assignIds(
    activities.flatMap((a) => a.customers),
    () => nextId("customers"),
  );
  const orders = assignIds(
    activities.flatMap((a) => a.orders),
    () => nextId("orders"),
  );
  const links = assignIds(
    activities.flatMap((a) => a.links),
    () => nextId("payment_links"),
  );
  const transactions = assignIds(
    activities.flatMap((a) => a.transactions),
    () => nextId("transactions"),
  );

  const merchantIdOf = (o: OrderDraft) => merchantOf.get(o)!.row.id;

  const credentials: DemoCredentials = { generated_at: now.toISOString(), accounts, merchants: [] };
  const merchantKeys: MerchantKeyRow[] = [];
  const hmacSecrets = new Map<number, string>();
  for (const b of builds) {
    const random = options.deterministicKeys ? Random.stream(seed, `keys/${b.spec.slug}`).bytes : randomBytes;
    const keys: MerchantKeys = generateMerchantKeys(b.spec.country, random);
    merchantKeys.push(...merchantKeyRows(b.row.id, keys));
    hmacSecrets.set(b.row.id, keys.hmacSecret);
    credentials.merchants.push({
      merchant_id: b.row.id,
      company_name: b.spec.companyName,
      country: b.spec.country,
      api_key: keys.apiKey,
      secret_key_test: keys.secretKeyTest,
      secret_key_live: keys.secretKeyLive,
      public_key_test: keys.publicKeyTest,
      public_key_live: keys.publicKeyLive,
      hmac_secret: keys.hmacSecret,
      integrations: b.integrations.map((i) => ({
        id: i.id!,
        name: i.name,
        type: i.method.type,
        gateway_type: i.method.gatewayType,
        currency: i.method.currency,
        is_live: i.isLive,
      })),
    });
  }

  return {
    banks: banks.map((b) => b.row),
    partners: [partnerRow],
    merchants: builds.map((b) => b.row),
    terminals: builds.flatMap((b) => (b.terminal ? [b.terminal] : [])),
    users,
    integrations: builds.flatMap((b) =>
      b.integrations.map((i, index) => ({
        id: i.id!,
        merchant_id: b.row.id,
        name: i.name,
        type: i.method.type,
        gateway_type: i.method.gatewayType,
        currency: i.method.currency,
        is_live: i.isLive,
        is_active: true,
        is_shopify: b.spec.slug === "uae" && i.isLive && index === 1,
        processed_callback_url: b.spec.hasUsers
          ? `https://shop.example.com/${b.spec.slug}/payments/processed`
          : null,
        response_callback_url: b.spec.hasUsers
          ? `https://shop.example.com/${b.spec.slug}/payments/response`
          : null,
        auto_callback_retrial: b.spec.hasUsers && i.isLive,
        onboarding_status: "complete",
        created_at: i.createdAt,
      })),
    ),
    merchantKeys,
    customers: customers.map((c) => ({
      id: c.id!,
      merchant_id: merchantOf.get(c)!.row.id,
      name: c.person.fullName,
      email: c.person.email,
      phone: c.person.phone,
      points: c.points,
      created_at: c.createdAt,
    })),
    orders: orders.map((o) => orderRow(o, merchantIdOf(o))),
    paymentLinks: links.map((l) => linkRow(l, merchantIdOf(l.order))),
    transactions: transactions.map((t) =>
      transactionRow(
        t,
        merchantIdOf(t.order),
        t.terminal ? (merchantOf.get(t.order)!.terminal?.id ?? null) : null,
      ),
    ),
    hmacSecrets,
    credentials,
  };
}

function orderRow(o: OrderDraft, merchantId: number): WithId<OrdersTable> {
  return {
    id: o.id!,
    merchant_id: merchantId,
    is_live: o.isLive,
    merchant_order_id: o.merchantOrderId,
    amount_cents: o.amount,
    paid_amount_cents: o.paid,
    currency: o.currency,
    payment_status: o.canceled ? "CANCELED" : o.paid >= o.amount ? "PAID" : "UNPAID",
    is_canceled: o.canceled,
    delivery_needed: o.deliveryNeeded,
    items: o.items,
    shipping_data: o.shipping,
    customer_id: o.customer.id!,
    created_by: o.createdBy,
    api_source: o.origin,
    collector: o.collector,
    created_at: o.createdAt,
  };
}

function linkRow(l: LinkDraft, merchantId: number): WithId<PaymentLinksTable> {
  return {
    id: l.id!,
    merchant_id: merchantId,
    kind: l.kind,
    is_live: l.isLive,
    order_id: l.order.id!,
    merchant_invoice_id: l.merchantInvoiceId,
    amount_cents: l.order.amount,
    currency: l.order.currency,
    status: l.status,
    client: l.client,
    description: l.description,
    integration_ids: l.integrations.map((i) => i.id!),
    expires_at: l.expiresAt,
    remaining_attempts: l.remainingAttempts,
    is_sms: l.isSms,
    is_email: l.isEmail,
    created_by: l.createdBy,
    created_at: l.createdAt,
  };
}

function transactionRow(
  t: TxDraft,
  merchantId: number,
  terminalId: number | null,
): WithId<TransactionsTable> {
  const c = t.customer.person;
  return {
    id: t.id!,
    merchant_id: merchantId,
    order_id: t.order.id!,
    integration_id: t.integration.id!,
    terminal_id: terminalId,
    parent_transaction_id: t.parent?.id ?? null,
    is_live: t.integration.isLive,
    amount_cents: t.amount,
    currency: t.currency,
    status: t.status,
    gateway_type: t.integration.method.gatewayType,
    trnx_type: t.trnxType,
    origin: t.origin,
    channel: t.channel,
    is_auth: t.trnxType === "auth",
    is_capture: t.trnxType === "capture",
    is_standalone: t.trnxType === "standalone",
    is_3d_secure: t.is3ds,
    is_voided: t.isVoided,
    is_refunded: t.isRefunded,
    is_captured: t.isCaptured,
    is_installment: t.isInstallment,
    is_discounted: t.isDiscounted,
    is_split_paid: false,
    captured_amount_cents: t.captured,
    refunded_amount_cents: t.refunded,
    fees_cents: t.fees,
    vat_cents: t.vat,
    commission_cents: 0,
    card_first6: t.card?.first6 ?? null,
    card_last4: t.card?.last4 ?? null,
    card_scheme: t.card?.scheme ?? null,
    card_type: t.card?.type ?? null,
    issuing_bank: t.card?.issuer ?? null,
    wallet_msisdn: t.wallet,
    customer_id: t.customer.id!,
    customer_name: c.fullName,
    customer_email: c.email,
    customer_phone: c.phone,
    billing_data: t.billing,
    data: t.data,
    failure_reason: t.failureReason,
    txn_response_code: t.txnResponseCode,
    acq_response_code: t.acqResponseCode,
    merchant_txn_ref: t.merchantTxnRef,
    created_by: t.createdBy,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}
