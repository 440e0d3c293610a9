import { randomBytes } from "node:crypto";
import {
  type Country,
  CSRF_COOKIE,
  CSRF_HEADER,
  type PermissionName,
  type ProfileType,
  SESSION_COOKIE,
} from "@portal/domain";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Insertable, Kysely } from "kysely";
import type {
  BanksTable,
  DB,
  IntegrationsTable,
  MerchantsTable,
  PartnersTable,
  TerminalsTable,
} from "../db/schema.ts";
import { hashPassword } from "../security/passwords.ts";
import { createSession, type SessionKind } from "../sessions/session.repository.ts";

/**
 * Test data builders: tenants, users of every profile type, and signed-in sessions. Names are unique per call,
 * so suites can share a database without colliding. Use them from any server test:
 *
 *   const fx = fixtures(get().database.db);
 *   const owner = await fx.user("Merchant");
 *   const session = await fx.session(owner);
 *   await app.inject({ url: "/api/...", headers: session.bearer });
 */

export const DEFAULT_PASSWORD = "Fixture-Pa55word";

let counter = 0;
/** A short unique suffix for names in this test run. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString("hex")}`;
}

// argon2 is deliberately slow; one hash per distinct password is enough for tests.
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

export interface FixtureUser {
  id: number;
  username: string;
  email: string;
  password: string;
  profile_type: ProfileType;
  country: Country;
  merchant_id: number | null;
  bank_id: number | null;
  partner_id: number | null;
  terminal_id: number | null;
}

export interface UserOptions {
  username?: string;
  email?: string;
  password?: string;
  country?: Country;
  firstName?: string;
  lastName?: string;
  /** Stored permission names. Owners (Merchant, Bank, Terminal) hold their full set anyway. */
  permissions?: PermissionName[];
  isTempPassword?: boolean;
  isActive?: boolean;
  /** Tenants to attach to; missing ones the profile type needs are created. */
  merchantId?: number;
  bankId?: number;
  partnerId?: number;
  terminalId?: number;
  portalConfig?: { qr_code: boolean; add_merchant: boolean };
}

/** A signed-in session as a browser (cookie + CSRF header) or an API client (bearer) would send it. */
export interface TestSession {
  userId: number;
  token: string;
  csrfToken: string;
  kind: SessionKind;
  /** Cookie and CSRF header: what the dashboard in a browser sends. */
  headers: Record<string, string>;
  /** The Authorization header only: what an API client sends. */
  bearer: Record<string, string>;
}

export function sessionHeaders(token: string, csrfToken: string) {
  return {
    headers: {
      cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrfToken}`,
      [CSRF_HEADER.toLowerCase()]: csrfToken,
    },
    bearer: { authorization: `Bearer ${token}` },
  };
}

export function fixtures(db: Kysely<DB>) {
  const bank = async (o: Partial<Insertable<BanksTable>> = {}) =>
    db
      .insertInto("banks")
      .values({ name: unique("Bank "), name_ar: unique("بنك "), country: "EGY", ...o })
      .returningAll()
      .executeTakeFirstOrThrow();

  const partner = async (o: Partial<Insertable<PartnersTable>> = {}) =>
    db
      .insertInto("partners")
      .values({
        name: unique("Partner "),
        code: unique("partner"),
        css: { header_background: "#102030", menu_color: "#405060" },
        ...o,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  const merchant = async (o: Partial<Insertable<MerchantsTable>> = {}) =>
    db
      .insertInto("merchants")
      // pg sends a JS array as a PostgreSQL array, not JSON: jsonb arrays go as JSON text.
      .values({
        company_name: unique("Company "),
        country: "EGY",
        phones: JSON.stringify(["+201000000000"]),
        ...o,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  const terminal = async (merchantId: number, o: Partial<Insertable<TerminalsTable>> = {}) =>
    db
      .insertInto("terminals")
      .values({ merchant_id: merchantId, terminal_code: unique("T"), branch_name: "Main", ...o })
      .returningAll()
      .executeTakeFirstOrThrow();

  /** A payment integration; live and active unless told otherwise. */
  const integration = async (merchantId: number, o: Partial<Insertable<IntegrationsTable>> = {}) =>
    db
      .insertInto("integrations")
      .values({
        merchant_id: merchantId,
        name: unique("Integration "),
        type: "online",
        gateway_type: "VPC",
        currency: "EGP",
        is_live: true,
        ...o,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  /** A user of the given profile type, with the tenant rows it needs. Its password is in the result. */
  const user = async (profileType: ProfileType, o: UserOptions = {}): Promise<FixtureUser> => {
    const country = o.country ?? "EGY";
    let merchantId = o.merchantId ?? null;
    let bankId = o.bankId ?? null;
    let partnerId = o.partnerId ?? null;
    let terminalId = o.terminalId ?? null;
    if ((profileType === "Merchant" || profileType === "MerchantStaff") && merchantId === null)
      merchantId = (await merchant({ country })).id;
    if ((profileType === "Bank" || profileType === "BankStaff") && bankId === null)
      bankId = (await bank({ country })).id;
    if (profileType === "Partner" && partnerId === null) partnerId = (await partner()).id;
    if (profileType === "Terminal" && terminalId === null) {
      merchantId ??= (await merchant({ country })).id;
      terminalId = (await terminal(merchantId)).id;
    }
    const username = o.username ?? unique(`${profileType.toLowerCase()}_`);
    const password = o.password ?? DEFAULT_PASSWORD;
    const row = await db
      .insertInto("users")
      .values({
        username,
        email: o.email ?? `${username}@example.test`,
        first_name: o.firstName ?? "Test",
        last_name: o.lastName ?? profileType,
        password_hash: await passwordHash(password),
        profile_type: profileType,
        merchant_id: merchantId,
        bank_id: bankId,
        partner_id: partnerId,
        terminal_id: terminalId,
        country,
        permissions: o.permissions ?? [],
        portal_config: o.portalConfig ?? null,
        is_temp_password: o.isTempPassword ?? false,
        is_active: o.isActive ?? true,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      username,
      email: row.email,
      password,
      profile_type: profileType,
      country,
      merchant_id: merchantId,
      bank_id: bankId,
      partner_id: partnerId,
      terminal_id: terminalId,
    };
  };

  /** A session created directly in the database: fast, and free of the sign-in rate limit. */
  const session = async (u: { id: number }, kind: SessionKind = "full"): Promise<TestSession> => {
    const s = await createSession(db, u.id, kind);
    return {
      userId: u.id,
      token: s.token,
      csrfToken: s.csrfToken,
      kind,
      ...sessionHeaders(s.token, s.csrfToken),
    };
  };

  return { bank, partner, merchant, terminal, integration, user, session };
}

export type Fixtures = ReturnType<typeof fixtures>;

/**
 * Signs in through POST /api/auth/login. Returns the raw response and, on success, the session it opened.
 * Pass `remoteAddress` to keep rate-limit counters of unrelated tests apart.
 */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = "127.0.0.1",
): Promise<{ response: LightMyRequestResponse; session: TestSession | undefined }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
    remoteAddress,
  });
  if (response.statusCode !== 200) return { response, session: undefined };
  const body = response.json<{ token: string; csrf_token: string; profile: { user: { id: number } } }>();
  const kind: SessionKind = response.json<{ profile: { is_temp_password: boolean } }>().profile
    .is_temp_password
    ? "temp"
    : "full";
  return {
    response,
    session: {
      userId: body.profile.user.id,
      token: body.token,
      csrfToken: body.csrf_token,
      kind,
      ...sessionHeaders(body.token, body.csrf_token),
    },
  };
}
