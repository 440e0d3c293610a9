import { randomBytes } from "node:crypto";
import {
  AUTH_DETAILS,
  asksEmirate,
  CONFIRMATION_DAYS,
  COUNTRY_INFO,
  type Country,
  MERCHANT_PERMISSIONS,
  normalizeRegistration,
  REGISTRATION_MESSAGES,
  type ReferringAnswer,
  type RegisterBody,
  registrationOffered,
  registrationProblems,
} from "@portal/domain";
import { findState } from "@portal/domain/places";
import type { Kysely } from "kysely";
import { insertPasswordToken, readPasswordToken } from "../auth/auth.repository.ts";
import type { Config } from "../config.ts";
import type { DB } from "../db/schema.ts";
import { HttpError, tooManyRequests } from "../http/errors.ts";
import { enqueueEmail } from "../mail/outbox.repository.ts";
import { isUniqueViolation } from "../payments/orders.service.ts";
import { rateLimitAddress } from "../ratelimit/address.ts";
import { hitRateLimits, type RateLimitRule } from "../ratelimit/rate-limit.repository.ts";
import { keyedHash } from "../security/keyed-hash.ts";
import { issueMerchantKeys } from "../security/keys.ts";
import { hashPassword } from "../security/passwords.ts";
import { newToken } from "../security/tokens.ts";
import {
  assignReferralCode,
  emailTaken,
  findReferrer,
  findUnconfirmed,
  insertOwner,
  insertRegisteredMerchant,
  insertRegistration,
  insertTestIntegration,
  phoneTaken,
  referralCodeOf,
  referredSignups,
  storeEmirate,
  useConfirmationToken,
} from "./registration.repository.ts";
import { confirmationEmail } from "./registration-email.ts";

export interface RegistrationContext {
  db: Kysely<DB>;
  config: Pick<Config, "publicUrl" | "smtpUrl">;
  dataKey: Buffer;
}

type Lang = "en" | "ar";

export const CONFIRMATION_VALIDITY_SECONDS = CONFIRMATION_DAYS * 24 * 3600;

/** Registrations per client address: 30 per 10 minutes (a shared office or a bench still fits). */
export const REGISTER_LIMIT = { limit: 30, windowSeconds: 10 * 60 } satisfies RateLimitRule;
/** Confirmation links, resends and referral-code checks per client address: 30 per 15 minutes. */
export const LINK_LIMIT = { limit: 30, windowSeconds: 15 * 60 } satisfies RateLimitRule;

async function limit(db: Kysely<DB>, name: string, ip: string, rule: RateLimitRule): Promise<void> {
  const key = `${name}:ip:${rateLimitAddress(ip)}`;
  const answer = await hitRateLimits(db, [{ key, rule }]);
  if (!answer.allowed) throw tooManyRequests(answer.retryAfterSeconds);
}

export function confirmationHash(dataKey: Buffer, token: string): string {
  return keyedHash(dataKey, "registration-confirmation", token);
}

function confirmationLink(ctx: RegistrationContext, lang: Lang, token: string): string {
  return `${ctx.config.publicUrl}/portal2/${lang}/register/success?token=${encodeURIComponent(token)}`;
}

const taken = (code: "email_registered" | "phone_registered") =>
  new HttpError(
    409,
    code,
    code === "email_registered"
      ? REGISTRATION_MESSAGES.emailRegistered
      : REGISTRATION_MESSAGES.phoneRegistered,
    {
      [code === "email_registered" ? "email" : "phone"]: [
        code === "email_registered"
          ? REGISTRATION_MESSAGES.emailRegistered
          : REGISTRATION_MESSAGES.phoneRegistered,
      ],
    },
  );

export const unknownReferralCode = () =>
  new HttpError(400, "unknown_referral_code", REGISTRATION_MESSAGES.unknownCode, {
    referral_code: [REGISTRATION_MESSAGES.unknownCode],
  });

async function sendConfirmation(
  ctx: RegistrationContext,
  trx: Kysely<DB>,
  user: { id: number; email: string; name: string; companyName: string },
  lang: Lang,
): Promise<void> {
  const token = newToken();
  await insertPasswordToken(trx, {
    purpose: "confirm_email",
    replaceOpen: true,
    hash: confirmationHash(ctx.dataKey, token),
    userId: user.id,
    validitySeconds: CONFIRMATION_VALIDITY_SECONDS,
  });
  await enqueueEmail(
    trx,
    { smtp: ctx.config.smtpUrl !== undefined },
    confirmationEmail({
      to: user.email,
      name: user.name,
      companyName: user.companyName,
      link: confirmationLink(ctx, lang, token),
      validDays: CONFIRMATION_DAYS,
    }),
  );
}

/**
 * Registers a merchant of the host's country: the rules of the form (shared with the page), then the e-mail and
 * phone not yet used, then in one transaction the merchant, its owner (inactive until the e-mail is confirmed),
 * a test card integration, its keys (API, secret, public, HMAC) and the confirmation e-mail. The unique indexes
 * of merchant_registrations and users decide between concurrent registrations: the others roll back and answer
 * 409 like a late duplicate.
 */
export async function register(
  ctx: RegistrationContext,
  country: Country,
  input: RegisterBody,
  ip: string,
): Promise<{ merchantId: number; email: string }> {
  if (!registrationOffered(country)) throw new HttpError(404, "not_found", REGISTRATION_MESSAGES.notOffered);
  await limit(ctx.db, "register", ip, REGISTER_LIMIT);
  const problems = registrationProblems(input, country);
  if (Object.keys(problems).length > 0)
    throw new HttpError(400, "validation", "Invalid request.", problems as Record<string, string[]>);
  const { email, phone } = normalizeRegistration({ email: input.email ?? "", phone: input.phone ?? "" });
  let referredBy: number | null = null;
  const code = input.referral_code?.trim().toUpperCase();
  if (code) {
    const referrer = await findReferrer(ctx.db, code);
    if (!referrer) throw unknownReferralCode();
    referredBy = referrer.id;
  }
  if (await emailTaken(ctx.db, email)) throw taken("email_registered");
  if (await phoneTaken(ctx.db, phone)) throw taken("phone_registered");

  const [firstName = "", ...rest] = (input.full_name ?? "").trim().split(/\s+/);
  const lastName = rest.join(" ");
  const company = (input.company_name ?? "").trim();
  const passwordHash = await hashPassword(input.password ?? "");
  const lang = input.lang ?? "en";
  try {
    const merchantId = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertRegisteredMerchant(trx, { company, country, phone, email });
      const userId = await insertOwner(trx, {
        merchantId: id,
        email,
        firstName,
        lastName,
        passwordHash,
        country,
        permissions: [...MERCHANT_PERMISSIONS],
      });
      await insertRegistration(trx, { merchantId: id, userId, email, phone, lang, referredBy });
      // The emirate answers the popup's state in advance (the English name, as the popup stores it).
      const emirate = asksEmirate(country) ? findState("ARE", input.emirate ?? "") : undefined;
      if (emirate) await storeEmirate(trx, id, emirate.en);
      await insertTestIntegration(trx, id, COUNTRY_INFO[country].currency);
      await issueMerchantKeys(trx, id, { country, dataKey: ctx.dataKey });
      await sendConfirmation(ctx, trx, { id: userId, email, name: firstName, companyName: company }, lang);
      return id;
    });
    return { merchantId, email };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another registration with this e-mail (or phone) committed first.
    if (await phoneTaken(ctx.db, phone)) {
      if (!(await emailTaken(ctx.db, email))) throw taken("phone_registered");
    }
    throw taken("email_registered");
  }
}

export const LINK_DETAILS = {
  link_expired: REGISTRATION_MESSAGES.linkExpired,
  link_used: REGISTRATION_MESSAGES.linkUsed,
  invalid_token: REGISTRATION_MESSAGES.linkInvalid,
} as const;

/** Confirms the address: the link used once (atomically), the owner active. Answers the username. */
export async function confirm(ctx: RegistrationContext, token: string, ip: string): Promise<string> {
  await limit(ctx.db, "register_link", ip, LINK_LIMIT);
  const hash = confirmationHash(ctx.dataKey, token);
  const known = await readPasswordToken(ctx.db, hash, "confirm_email");
  if (!known) throw new HttpError(400, "invalid_token", LINK_DETAILS.invalid_token);
  if (known.used) throw new HttpError(400, "link_used", LINK_DETAILS.link_used);
  if (known.expired) throw new HttpError(400, "link_expired", LINK_DETAILS.link_expired);
  const username = await ctx.db.transaction().execute((trx) => useConfirmationToken(trx, hash));
  // Another tab used the link between the read and the update.
  if (username === undefined) throw new HttpError(400, "link_used", LINK_DETAILS.link_used);
  return username;
}

/** A new link for a registration still waiting; the same answer for any address (no account enumeration). */
export async function resend(
  ctx: RegistrationContext,
  address: string,
  lang: Lang,
  ip: string,
): Promise<void> {
  await limit(ctx.db, "register_link", ip, LINK_LIMIT);
  const email = address.trim().toLowerCase();
  const waiting = await findUnconfirmed(ctx.db, email);
  if (!waiting) return;
  await ctx.db
    .transaction()
    .execute((trx) =>
      sendConfirmation(
        ctx,
        trx,
        { id: waiting.id, email: waiting.email, name: waiting.first_name, companyName: waiting.company_name },
        lang,
      ),
    );
}

/** A referral code's merchant name, for the sign-up page; 404 when unknown. */
export async function checkReferralCode(ctx: RegistrationContext, raw: string, ip: string) {
  await limit(ctx.db, "register_link", ip, LINK_LIMIT);
  const code = raw.trim().toUpperCase();
  const referrer = await findReferrer(ctx.db, code);
  if (!referrer) throw new HttpError(404, "unknown_referral_code", REGISTRATION_MESSAGES.unknownCode);
  return { code, merchant_name: referrer.company_name };
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 8 characters without look-alikes (no I, O, 0, 1): about 10^12 codes. */
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** The caller's merchant's referral code (given on first use) and the sign-ups it brought. */
export async function referring(ctx: RegistrationContext, merchantId: number): Promise<ReferringAnswer> {
  let code = await referralCodeOf(ctx.db, merchantId);
  for (let attempt = 0; !code && attempt < 5; attempt++) {
    try {
      code = await assignReferralCode(ctx.db, merchantId, newReferralCode());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (!code) throw new HttpError(500, "server_error", AUTH_DETAILS.too_many_requests);
  const signups = await referredSignups(ctx.db, merchantId);
  return {
    code,
    signup_path: `/growth/signup?code=${encodeURIComponent(code)}`,
    count: signups.count,
    confirmed_count: signups.confirmed,
    signups: signups.rows.map((r) => ({
      company_name: r.company_name,
      created_at: new Date(r.created_at).toISOString(),
      confirmed: r.confirmed_at !== null,
    })),
  };
}
