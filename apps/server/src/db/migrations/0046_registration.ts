import type { Kysely } from "kysely";
import { runStatements } from "../statements.ts";

/**
 * Registration and growth (issue 16 items 1 and 2, docs/onboarding.md "Registration and growth"):
 * - `merchant_registrations`: one row per self-registered merchant, with the e-mail and phone it signed up with.
 *   Its unique indexes are what make a second registration with the same e-mail (or phone) fail, even when
 *   twenty arrive at once: the losing transactions roll back, merchant and owner included.
 * - `referred_by` names the merchant whose referral code brought the sign-up; `merchants.referral_code` is a
 *   merchant's own code, given the first time it opens /growth/referring (or by the demo).
 * - the e-mail confirmation link is a password token of purpose 'confirm_email' (stored as a keyed hash).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
alter table merchants add column referral_code text;
create unique index merchants_referral_code_idx on merchants (referral_code) where referral_code is not null;

create table merchant_registrations (
  merchant_id bigint primary key references merchants(id),
  user_id bigint not null references users(id),
  email text not null,
  phone text not null,
  lang text not null default 'en' check (lang in ('en','ar')),
  referred_by bigint references merchants(id),
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index merchant_registrations_email_idx on merchant_registrations (lower(email));
create unique index merchant_registrations_phone_idx on merchant_registrations (phone);
create index merchant_registrations_referrer_idx on merchant_registrations (referred_by, created_at desc)
  where referred_by is not null;

alter table password_tokens drop constraint password_tokens_purpose_check;
alter table password_tokens add constraint password_tokens_purpose_check
  check (purpose in ('reset','reactivate','activate_staff','confirm_email'));
`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
delete from password_tokens where purpose = 'confirm_email';
alter table password_tokens drop constraint password_tokens_purpose_check;
alter table password_tokens add constraint password_tokens_purpose_check
  check (purpose in ('reset','reactivate','activate_staff'));
drop table merchant_registrations;
drop index merchants_referral_code_idx;
alter table merchants drop column referral_code;
`,
  );
}
