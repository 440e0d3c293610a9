import type { FastifyRequest } from "fastify";
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import { requireBankId, requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";

/**
 * Whose rows a caller sees. Every query of the workspace goes through `merchantScope`, so no route can forget
 * the tenant: a merchant (and its staff) sees its own rows, a terminal user its terminal's, a bank user the rows
 * of the merchants whose merchants.bank_id is its bank. This file builds the conditions (expressions) the
 * repositories put in their queries; it runs no query itself.
 */
export type Scope =
  | { kind: "merchant"; merchantId: number; terminalId: number | null }
  | { kind: "bank"; bankId: number; merchantId?: number | undefined };

export function merchantScopeOf(request: FastifyRequest): Scope {
  const user = requireUser(request);
  const merchantId = requireMerchantId(request);
  return {
    kind: "merchant",
    merchantId,
    terminalId: user.profile_type === "Terminal" ? user.terminal_id : null,
  };
}

export function bankScopeOf(request: FastifyRequest, merchantId?: number): Scope {
  return { kind: "bank", bankId: requireBankId(request), merchantId };
}

/** The condition "this row's merchant_id belongs to the scope" on a column. */
export function merchantCondition(
  db: Kysely<DB>,
  scope: Scope,
  column: Expression<number>,
  terminalColumn?: Expression<number | null>,
): Expression<SqlBool> {
  if (scope.kind === "merchant") {
    if (scope.terminalId !== null && terminalColumn)
      return sql<SqlBool>`(${column} = ${scope.merchantId} and ${terminalColumn} = ${scope.terminalId})`;
    return sql<SqlBool>`${column} = ${scope.merchantId}`;
  }
  const merchants = db.selectFrom("merchants").select("id").where("bank_id", "=", scope.bankId);
  if (scope.merchantId !== undefined)
    return sql<SqlBool>`(${column} = ${scope.merchantId} and ${column} in (${merchants}))`;
  return sql<SqlBool>`${column} in (${merchants})`;
}

/**
 * The condition "this order belongs to the scope". Orders have no terminal: a terminal user's orders are those
 * one of its terminal's transactions belongs to; everyone else gets `merchantCondition` on the order's merchant.
 */
export function orderCondition(
  db: Kysely<DB>,
  scope: Scope,
  merchantColumn: Expression<number>,
  orderIdColumn: Expression<number>,
): Expression<SqlBool> {
  const merchant = merchantCondition(db, scope, merchantColumn);
  if (scope.kind !== "merchant" || scope.terminalId === null) return merchant;
  return sql<SqlBool>`(${merchant} and exists (select 1 from transactions ts
    where ts.order_id = ${orderIdColumn} and ts.merchant_id = ${scope.merchantId}
      and ts.terminal_id = ${scope.terminalId}))`;
}

/** Parses a date filter: YYYY-MM-DD (the whole day: from its start, to its end) or an ISO date-time. */
export function parseDateParam(value: string | undefined, field: string, end: boolean): Date | undefined {
  if (value === undefined || value === "") return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime()))
    throw new HttpError(400, "validation", "Invalid request.", { [field]: ["Enter a valid date."] });
  // Upper bounds are exclusive in queries: the day's end, or the instant just after the given time.
  if (end) return new Date(d.getTime() + (day ? 86_400_000 : 1));
  return d;
}

/** Escapes LIKE wildcards so a search for "50%" matches the text. */
export function likePrefix(value: string): string {
  return `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function notFoundError(): HttpError {
  return new HttpError(404, "not_found", "Not found.");
}
