import type { UserListQuery } from "@portal/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The staff users of a merchant (issue 18 item 2, docs/settings.md "Users and permissions"). Every query takes the
 * caller's merchant id and reads or writes only its MerchantStaff users that are not deleted: an owner, another
 * merchant's user or a deleted one is "not found". The activation links are password_tokens of purpose
 * 'activate_staff', stored by their keyed hash.
 */

const STAFF_COLUMNS = [
  "id",
  "username",
  "email",
  "first_name",
  "last_name",
  "date_joined",
  "last_login_at",
  "pending_activation",
  "permissions",
] as const;

export type StaffRow = Awaited<ReturnType<typeof findStaff>> & {};

function staffOf(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("users")
    .where("merchant_id", "=", merchantId)
    .where("profile_type", "=", "MerchantStaff")
    .where("deleted_at", "is", null);
}

export async function listStaff(db: Kysely<DB>, merchantId: number, q: UserListQuery) {
  let base = staffOf(db, merchantId);
  if (q.search) {
    const prefix = `${q.search.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, "like", prefix),
        eb(sql`lower(username)`, "like", prefix),
        eb(sql`lower(first_name)`, "like", prefix),
        eb(sql`lower(last_name)`, "like", prefix),
      ]),
    );
  }
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
    base
      .select(STAFF_COLUMNS)
      .orderBy("id", "desc")
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
  ]);
  return { count: Number(count), rows };
}

export function findStaff(db: Kysely<DB>, merchantId: number, id: number) {
  return staffOf(db, merchantId).select(STAFF_COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** Whether a user that is not deleted has this (lower-cased) address as e-mail or username. */
export async function addressTaken(db: Kysely<DB>, address: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb.or([eb(sql`lower(email)`, "=", address), eb(sql`lower(username)`, "=", address)]))
    .where("deleted_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The merchant's country (its staff belong to it: the hosts they may sign in on) and name (the e-mail's). */
export function merchantOf(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom("merchants")
    .select(["country", "company_name"])
    .where("id", "=", merchantId)
    .executeTakeFirstOrThrow();
}

export function insertStaff(
  db: Kysely<DB>,
  values: {
    merchantId: number;
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    country: string;
    permissions: string[];
  },
) {
  return db
    .insertInto("users")
    .values({
      username: values.username,
      email: values.email,
      first_name: values.firstName,
      last_name: values.lastName,
      password_hash: values.passwordHash,
      profile_type: "MerchantStaff",
      merchant_id: values.merchantId,
      country: values.country,
      permissions: values.permissions,
      pending_activation: true,
      is_active: true,
    })
    .returning(STAFF_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateStaff(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  values: { first_name?: string; last_name?: string; permissions: string[] },
) {
  return db
    .updateTable("users")
    .set(values)
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("profile_type", "=", "MerchantStaff")
    .where("deleted_at", "is", null)
    .returning(STAFF_COLUMNS)
    .executeTakeFirst();
}

/**
 * Deletes a staff user: locked, marked deleted and renamed (so the username and address are free again), their
 * sessions, API tokens and e-mailed links gone in the same transaction. Answers whether there was one.
 */
export async function deleteStaff(db: Kysely<DB>, merchantId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("users")
      .set({
        deleted_at: sql`now()`,
        is_active: false,
        permissions: [],
        username: sql`'deleted-' || id || ':' || username`,
      })
      .where("id", "=", id)
      .where("merchant_id", "=", merchantId)
      .where("profile_type", "=", "MerchantStaff")
      .where("deleted_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("sessions").where("user_id", "=", id).execute();
    await trx.deleteFrom("api_auth_tokens").where("user_id", "=", id).execute();
    await trx.deleteFrom("password_tokens").where("user_id", "=", id).execute();
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Activation links.

// The links themselves are password_tokens of purpose activate_staff (auth.repository.ts).

/** The activated user: password set, active, no longer pending. Answers what a session needs. */
export function activateStaffUser(db: Kysely<DB>, userId: number, passwordHash: string) {
  return db
    .updateTable("users")
    .set({
      password_hash: passwordHash,
      pending_activation: false,
      is_active: true,
      is_temp_password: false,
      failed_old_password_attempts: 0,
    })
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .returning(["id", "username", "country"])
    .executeTakeFirst();
}
