import {
  type AddMerchantBody,
  BACKOFFICE_MESSAGES,
  canProductTransition,
  canTransition,
  type FullEditBody,
  MERCHANT_TRANSITIONS,
  type MerchantAction,
  type MerchantDetails,
  type MerchantListItem,
  type MerchantProduct,
  type MerchantStage,
  type MerchantTransition,
  type PermissionName,
  type ProductApprovalBody,
  type ProductTransition,
} from "@portal/domain";
import type { Kysely, Updateable } from "kysely";
import type { AuthUser } from "../auth/auth.hook.ts";
import { authError, hasPermission } from "../auth/auth.hook.ts";
import { issuePasswordToken, TOKEN_VALIDITY_SECONDS } from "../auth/password-tokens.ts";
import { type MailContext, mailMode, portalLink } from "../auth/reset-links.ts";
import type { Database } from "../db/database.ts";
import type { MerchantRow } from "../db/rows.ts";
import type { DB, MerchantsTable } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { enqueueEmail } from "../mail/outbox.repository.ts";
import { hashPassword } from "../security/passwords.ts";
import { notFoundError } from "../transactions/scope.ts";
import {
  bankCountry,
  endMerchantSessions,
  findBankMerchant,
  findOwner,
  insertBranch,
  insertComment,
  insertMerchant,
  insertOwner,
  insertTerminal,
  lockBankMerchant,
  merchantParts,
  recordAction,
  updateMerchant,
  updateOwner,
  usernameTaken,
} from "./merchants.repository.ts";
import { merchantActivationEmail } from "./templates.ts";

/**
 * The bank staff's actions on a merchant (docs/backoffice.md): each one locks the merchant of the caller's bank
 * (another bank's merchant: 404), checks the allowed transition (MERCHANT_TRANSITIONS: 409 otherwise), writes
 * the change and its audit row (who, when, why) in one database transaction, and answers the new details.
 */

/**
 * A merchant's admin page stage, by the rule of the repository's STAGE_CONDITIONS (the stage filter and the
 * counts): Pending Verification once its activation application is submitted.
 */
export function stageOf(
  m: Pick<MerchantRow, "bank_merchant_status" | "application_submitted" | "is_live">,
): MerchantStage | null {
  if (m.bank_merchant_status === "pending")
    return m.application_submitted ? "pending_verification" : "onboarding";
  if (m.bank_merchant_status === "approved" && m.is_live) return "live";
  if (m.bank_merchant_status === "rejected") return "rejected";
  return null;
}

type ListRow = Pick<
  MerchantRow,
  | "id"
  | "company_name"
  | "created_at"
  | "bank_merchant_status"
  | "digital_status"
  | "suspicious"
  | "is_live"
  | "live_date"
  | "mcc"
  | "application_submitted"
  | "docs_received"
  | "deactivated"
  | "card_approval_status"
  | "qr_approval_status"
>;

export function listItem(m: ListRow, successful: number): MerchantListItem {
  return {
    id: Number(m.id),
    company_name: m.company_name,
    created_at: m.created_at.toISOString(),
    bank_merchant_status: m.bank_merchant_status as MerchantListItem["bank_merchant_status"],
    digital_status: m.digital_status as MerchantListItem["digital_status"],
    // Rows written before the back-office may say "suspicious" for yes.
    suspicious:
      m.suspicious === "yes" || m.suspicious === "suspicious" ? "yes" : m.suspicious === "no" ? "no" : "none",
    is_live: m.is_live,
    live_date: m.live_date ? m.live_date.toISOString() : null,
    mcc: m.mcc,
    stage: stageOf(m),
    card_approval_status: m.card_approval_status as MerchantListItem["card_approval_status"],
    qr_approval_status: m.qr_approval_status as MerchantListItem["qr_approval_status"],
    docs_received: m.docs_received,
    deactivated: m.deactivated,
    successful_transactions: successful,
  };
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

function allowedOf(status: string): MerchantDetails["allowed"] {
  return (Object.keys(MERCHANT_TRANSITIONS) as MerchantTransition[]).filter((t) => canTransition(status, t));
}

/** The details page: the merchant, its keys (secrets masked), branches, owners, documents, approvals, comments. */
export async function merchantDetails(
  db: Kysely<DB>,
  m: MerchantRow,
  successful: number,
): Promise<MerchantDetails> {
  const parts = await merchantParts(db, m.id);
  const profile = (m.bank_profile ?? {}) as Record<string, unknown>;
  const info = (m.business_information ?? {}) as Record<string, unknown>;
  const phones = (m.phones ?? []) as string[];
  const emails = (m.emails ?? []) as string[];
  const address =
    str(profile.address) ??
    ([info.address_street, info.address_district, info.address_governorate]
      .filter((v) => typeof v === "string" && v)
      .join(", ") ||
      null);
  return {
    merchant: {
      ...listItem(m, successful),
      username: parts.owner?.username ?? null,
      email: parts.owner?.email ?? emails[0] ?? null,
      phone_number: str(profile.phone_number) ?? phones[0] ?? null,
      country: m.country,
      filled_business_data: m.filled_business_data,
      industry: m.sector,
      line_of_business: str(info.business_description),
      website: str(info.website_url),
      address,
      city: str(profile.city) ?? str(info.address_governorate),
      national_id: str(profile.national_id),
      tax_id_card_number: str(profile.tax_id_card_number),
      commercial_registration: str(profile.commercial_registration),
      commercial_registration_area: str(profile.commercial_registration_area),
      wallet_limit_profile: str(profile.wallet_limit_profile),
      super_agent: str(profile.super_agent),
      distributor_code: str(profile.distributor_code),
      distributor_branch_code: str(profile.distributor_branch_code),
      settlment_merchant_number: str(profile.settlment_merchant_number),
      settlment_type:
        profile.settlment_type === "SVA" || profile.settlment_type === "BankAccount"
          ? profile.settlment_type
          : null,
      is_active: profile.is_active !== false && !m.deactivated,
      bank_account: m.bank_account,
      fee_id: m.fee_id,
      rejection_reason: m.rejection_reason,
      digital_rejection_reason: m.digital_rejection_reason,
      cib_rejection_reason: m.cib_rejection_reason,
      suspicion_reason: m.suspicion_reason,
      card_rejection_reason: m.card_rejection_reason,
      qr_rejection_reason: m.qr_rejection_reason,
      deactivate_reason: m.deactivate_reason,
      pos: parts.pos,
    },
    keys: parts.keys.map((k) => ({
      kind: k.kind as "public" | "secret",
      is_live: k.is_live,
      value: k.kind === "public" && k.public_value ? k.public_value : `${k.key_prefix}…`,
      masked: !(k.kind === "public" && k.public_value),
      created_at: k.created_at.toISOString(),
    })),
    branches: parts.branches.map((b) => ({
      id: Number(b.id),
      branch_name: b.branch_name,
      branch_id: b.branch_code,
      no_of_terminals: Number(b.terminals ?? 0),
    })),
    owners:
      str(profile.signatory_name) || str(profile.national_id)
        ? [
            {
              signatory_name: str(profile.signatory_name),
              signatory_position: str(profile.signatory_position),
              national_id: str(profile.national_id),
              passport_id_doc: str(profile.passport_id_doc),
            },
          ]
        : [],
    documents: parts.documents.map((d) => ({
      id: Number(d.id),
      kind: d.kind as MerchantDetails["documents"][number]["kind"],
      file_name: d.file_name,
      content_type: d.content_type,
      size_bytes: d.size_bytes,
      created_at: d.created_at.toISOString(),
    })),
    approvals: parts.approvals.map((a) => ({
      id: Number(a.id),
      action: a.action as MerchantAction,
      reason: a.reason,
      from_status: a.from_status,
      to_status: a.to_status,
      user: { id: a.user_id === null ? null : Number(a.user_id), username: a.username ?? null },
      created_at: a.created_at.toISOString(),
    })),
    comments: parts.comments.map((c) => ({
      id: Number(c.id),
      content: c.content,
      user: { id: c.user_id === null ? null : Number(c.user_id), username: c.username ?? null },
      created_at: c.created_at.toISOString(),
    })),
    allowed: allowedOf(m.bank_merchant_status),
  };
}

/** A JSON value for a jsonb column. */
function jsonb(value: Record<string, unknown>): string {
  return JSON.stringify(value);
}

export function transitionRefused(): HttpError {
  return new HttpError(409, "transition_refused", BACKOFFICE_MESSAGES.transitionRefused);
}
export function cannotActivate(): HttpError {
  return new HttpError(409, "can_not_activate", BACKOFFICE_MESSAGES.cannotActivate);
}
function required(field: string): HttpError {
  return new HttpError(400, "validation", "Invalid request.", { [field]: ["This field is required."] });
}

export interface ActionContext {
  database: Database;
  user: AuthUser;
  bankId: number;
}

type Change = Updateable<MerchantsTable>;
type Audit = {
  action: MerchantAction;
  reason?: string | null;
  from?: string | null;
  to?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Runs one action on the caller's merchant: `decide` reads the locked row and answers the change and its audit
 * rows (or throws); both are written in the same transaction.
 */
export async function act(
  ctx: ActionContext,
  merchantId: number,
  decide: (
    m: MerchantRow,
    trx: Kysely<DB>,
  ) => Promise<{ change: Change; audit: Audit[] }> | { change: Change; audit: Audit[] },
): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const m = await lockBankMerchant(trx, ctx.bankId, merchantId);
    if (!m) throw notFoundError();
    const { change, audit } = await decide(m, trx);
    if (Object.keys(change).length > 0) await updateMerchant(trx, m.id, change);
    for (const a of audit)
      await recordAction(trx, {
        merchant_id: m.id,
        user_id: ctx.user.id,
        action: a.action,
        reason: a.reason ?? null,
        from_status: a.from ?? null,
        to_status: a.to ?? null,
        details: jsonb(a.details ?? {}),
      });
    if (change.deactivated === true) await endMerchantSessions(trx, m.id);
  });
}

function need(user: AuthUser, permission: PermissionName): void {
  if (!hasPermission(user, permission)) throw authError(403, "forbidden");
}

/** The status transition as a change; approve also needs the documents and no suspicion. */
function transition(
  m: Pick<MerchantRow, "bank_merchant_status" | "live_date">,
  t: MerchantTransition,
  state: { docsReceived: boolean; suspicious: string },
): Change {
  if (!canTransition(m.bank_merchant_status, t)) throw transitionRefused();
  switch (t) {
    case "approve":
      if (!state.docsReceived || state.suspicious === "yes") throw cannotActivate();
      return {
        bank_merchant_status: "approved",
        is_live: true,
        live_date: m.live_date ?? new Date(),
        rejection_reason: null,
        cib_rejection_reason: null,
      };
    case "reject":
      return { bank_merchant_status: "rejected", is_live: false };
    case "deactivate":
      return { bank_merchant_status: "deactivated", deactivated: true, is_live: false };
    case "reactivate":
      return { bank_merchant_status: "pending", deactivated: false, deactivate_reason: null };
  }
}

export function approve(m: MerchantRow, reason: string) {
  const change = transition(m, "approve", { docsReceived: m.docs_received, suspicious: m.suspicious });
  return {
    change,
    audit: [{ action: "approved" as const, reason, from: m.bank_merchant_status, to: "approved" }],
  };
}

export function reject(
  m: MerchantRow,
  body: { reason: string; digital_reason?: string; cib_reason?: string },
) {
  const change: Change = {
    ...transition(m, "reject", { docsReceived: m.docs_received, suspicious: m.suspicious }),
    rejection_reason: body.reason,
    cib_rejection_reason: body.cib_reason ?? null,
  };
  if (body.digital_reason) {
    change.digital_status = "rejected";
    change.digital_rejection_reason = body.digital_reason;
  }
  return {
    change,
    audit: [
      {
        action: "rejected" as const,
        reason: body.reason,
        from: m.bank_merchant_status,
        to: "rejected",
        details: { digital_reason: body.digital_reason ?? null, cib_reason: body.cib_reason ?? null },
      },
    ],
  };
}

export function deactivate(m: MerchantRow, reason: string) {
  const change = {
    ...transition(m, "deactivate", { docsReceived: m.docs_received, suspicious: m.suspicious }),
    deactivate_reason: reason,
  };
  return {
    change,
    audit: [{ action: "deactivated" as const, reason, from: m.bank_merchant_status, to: "deactivated" }],
  };
}

/**
 * A card or QR approval (docs/backoffice.md "Card and QR approvals"): its own transitions (PRODUCT_TRANSITIONS),
 * refused on a deactivated merchant; approving needs what approving the merchant needs (documents received, not
 * suspicious). The merchant's own status does not change.
 */
export function productApproval(m: MerchantRow, product: MerchantProduct, body: ProductApprovalBody) {
  const from = product === "card" ? m.card_approval_status : m.qr_approval_status;
  const t: ProductTransition = body.status === "approved" ? "approve" : "reject";
  if (!canProductTransition(m, from, t)) throw transitionRefused();
  if (t === "approve" && (!m.docs_received || m.suspicious === "yes")) throw cannotActivate();
  const reason = t === "reject" ? (body.reason ?? null) : null;
  const change: Change =
    product === "card"
      ? { card_approval_status: body.status, card_rejection_reason: reason }
      : { qr_approval_status: body.status, qr_rejection_reason: reason };
  const action: MerchantAction = `${product}_${body.status}`;
  return { change, audit: [{ action, reason, from, to: body.status }] };
}

export function documents(m: MerchantRow, received: boolean) {
  if (m.deactivated) throw transitionRefused();
  return {
    change: { docs_received: received },
    audit: [{ action: received ? ("docs_received" as const) : ("docs_not_received" as const) }],
  };
}

export function suspicious(_m: MerchantRow, body: { suspicious: boolean; reason?: string | undefined }) {
  return {
    change: {
      suspicious: body.suspicious ? "yes" : "no",
      suspicion_reason: body.suspicious ? (body.reason ?? null) : null,
    },
    audit: [
      body.suspicious
        ? { action: "suspicious" as const, reason: body.reason ?? null }
        : { action: "not_suspicious" as const },
    ],
  };
}

/**
 * The full edit dialog: every field at once, each following the single action's rules and role. The deactivate
 * flag wins over the status; a change to approved that cannot activate answers 409 "Can't activate merchant,
 * Please contact us." and nothing is written.
 */
export function fullEdit(m: MerchantRow, body: FullEditBody, user: AuthUser) {
  const change: Change = {};
  const audit: Audit[] = [];
  const docs = body.has_bank_docs;
  if (docs !== m.docs_received) {
    need(user, "can review merchants");
    change.docs_received = docs;
    audit.push({ action: docs ? "docs_received" : "docs_not_received" });
  }
  if (
    body.suspicious !== m.suspicious ||
    (body.suspicious === "yes" && (body.suspicion_reason ?? null) !== m.suspicion_reason)
  ) {
    need(user, "can flag suspicious merchants");
    if (body.suspicious === "yes" && !body.suspicion_reason) throw required("suspicion_reason");
    change.suspicious = body.suspicious;
    change.suspicion_reason = body.suspicious === "yes" ? (body.suspicion_reason ?? null) : null;
    audit.push(
      body.suspicious === "yes"
        ? { action: "suspicious", reason: body.suspicion_reason ?? null }
        : { action: "not_suspicious", details: { value: body.suspicious } },
    );
  }
  if (
    body.digital_status !== m.digital_status ||
    (body.digital_rejection_reason ?? null) !== m.digital_rejection_reason
  ) {
    need(user, "can review digital merchants");
    if (body.digital_status === "rejected" && !body.digital_rejection_reason)
      throw required("digital_rejection_reason");
    change.digital_status = body.digital_status;
    change.digital_rejection_reason =
      body.digital_status === "rejected" ? (body.digital_rejection_reason ?? null) : null;
    audit.push({
      action: "digital_status",
      reason: change.digital_rejection_reason ?? null,
      from: m.digital_status,
      to: body.digital_status,
    });
  }
  let status = m.bank_merchant_status;
  const state = { docsReceived: docs, suspicious: body.suspicious };
  if (body.deactivate && !m.deactivated) {
    need(user, "can review merchants");
    if (!body.deactivation_reason?.trim()) throw required("deactivation_reason");
    Object.assign(change, transition(m, "deactivate", state), {
      deactivate_reason: body.deactivation_reason,
    });
    audit.push({ action: "deactivated", reason: body.deactivation_reason, from: status, to: "deactivated" });
    status = "deactivated";
  } else if (!body.deactivate) {
    if (m.deactivated) {
      need(user, "can review merchants");
      Object.assign(change, transition(m, "reactivate", state));
      audit.push({ action: "reactivated", from: status, to: "pending" });
      status = "pending";
    }
    if (body.status !== status) {
      need(user, "can review merchants");
      const from = { bank_merchant_status: status, live_date: m.live_date };
      if (body.status === "approved") {
        // The full edit's own wording when the merchant cannot become active (spec section 4).
        if (!canTransition(status, "approve") || !docs || body.suspicious === "yes") throw cannotActivate();
        Object.assign(change, transition(from, "approve", state));
        audit.push({ action: "approved", reason: "full edit", from: status, to: "approved" });
      } else if (body.status === "rejected") {
        if (!body.rejection_reason) throw required("rejection_reason");
        Object.assign(change, transition(from, "reject", state), {
          rejection_reason: body.rejection_reason,
          cib_rejection_reason: body.cib_rejection_reason ?? null,
        });
        audit.push({ action: "rejected", reason: body.rejection_reason, from: status, to: "rejected" });
      } else throw transitionRefused();
    }
  }
  if (audit.length > 0) audit.push({ action: "full_edit", details: { ...body } });
  return { change, audit };
}

export async function addComment(ctx: ActionContext, merchantId: number, content: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const m = await lockBankMerchant(trx, ctx.bankId, merchantId);
    if (!m) throw notFoundError();
    await insertComment(trx, m.id, ctx.user.id, content);
  });
}

export const USERNAME_TAKEN = "A user with that username already exists.";

/** The edit dialog: the owner's username and password, the settlement merchant number. */
export async function edit(
  ctx: ActionContext,
  merchantId: number,
  body: {
    username?: string | undefined;
    password?: string | undefined;
    settlment_merchant_number?: string | undefined;
  },
): Promise<void> {
  const hash = body.password ? await hashPassword(body.password) : undefined;
  await act(ctx, merchantId, async (m, trx) => {
    const owner = await findOwner(trx, m.id);
    if ((body.username || hash) && !owner) throw required("username");
    if (body.username && owner && body.username !== owner.username) {
      if (await usernameTaken(trx, body.username, owner.id))
        throw new HttpError(400, "validation", "Invalid request.", { username: [USERNAME_TAKEN] });
      await updateOwner(trx, owner.id, { username: body.username });
    }
    if (hash && owner) await updateOwner(trx, owner.id, { password_hash: hash, is_temp_password: true });
    const change: Change = {};
    if (body.settlment_merchant_number !== undefined) {
      const profile = { ...((m.bank_profile ?? {}) as Record<string, unknown>) };
      profile.settlment_merchant_number = body.settlment_merchant_number;
      change.bank_profile = jsonb(profile);
    }
    return {
      change,
      audit: [
        {
          action: "edited",
          details: {
            username: body.username ?? null,
            password_changed: hash !== undefined,
            settlment_merchant_number: body.settlment_merchant_number ?? null,
          },
        },
      ],
    };
  });
}

/** Adds a merchant of the caller's bank with its owner, branches and terminals; queues the activation e-mail. */
export async function addMerchant(
  ctx: ActionContext & { mail: MailContext },
  body: AddMerchantBody,
): Promise<number> {
  const hash = await hashPassword(body.password);
  return ctx.database.db.transaction().execute(async (trx) => {
    if (await usernameTaken(trx, body.username))
      throw new HttpError(400, "validation", "Invalid request.", { username: [USERNAME_TAKEN] });
    const codes = body.branches.map((b) => b.branch_id.toLowerCase());
    if (new Set(codes).size !== codes.length)
      throw new HttpError(400, "validation", "Invalid request.", {
        branches: ["Each branch needs its own branch id."],
      });
    const country = await bankCountry(trx, ctx.bankId);
    const { username, password: _, merchant_name, branches, mcc, email, phone_number, ...profile } = body;
    const merchantId = await insertMerchant(trx, {
      company_name: merchant_name,
      country,
      bank_id: ctx.bankId,
      phones: JSON.stringify([phone_number]),
      emails: JSON.stringify([email]),
      mcc: mcc ?? null,
      bank_profile: jsonb({ ...profile, phone_number }),
    });
    const ownerId = await insertOwner(trx, {
      username,
      email,
      password_hash: hash,
      profile_type: "Merchant",
      merchant_id: merchantId,
      country,
      permissions: [],
      is_temp_password: true,
      // Active once the owner opens the activation link (auth: reactivate).
      is_active: false,
    });
    for (const b of branches) {
      // The branch takes the merchant's city and address (the Branches screen requires both), and its terminals
      // belong to it (terminals.branch_id), so they show under it in Terminals and the branch POS revenue.
      const branchId = await insertBranch(trx, {
        merchant_id: merchantId,
        branch_name: b.branch_name,
        branch_code: b.branch_id,
        city: body.city,
        address: body.address,
      });
      for (let i = 1; i <= b.no_of_terminals; i++)
        await insertTerminal(trx, {
          merchant_id: merchantId,
          terminal_code: `M${merchantId}-${b.branch_id}-${i}`.slice(0, 60),
          branch_id: branchId,
          branch_name: b.branch_name,
          city: body.city,
          address: body.address,
        });
    }
    await recordAction(trx, {
      merchant_id: merchantId,
      user_id: ctx.user.id,
      action: "created",
      to_status: "pending",
      details: jsonb({ branches: branches.length }),
    });
    const token = await issuePasswordToken(trx, ownerId, "reactivate");
    await enqueueEmail(
      trx,
      mailMode(ctx.mail),
      merchantActivationEmail(
        email,
        username,
        merchant_name,
        portalLink(ctx.mail, "reactivate", token),
        Math.round(TOKEN_VALIDITY_SECONDS.reactivate / 86_400),
      ),
    );
    return merchantId;
  });
}

export async function requireBankMerchant(db: Kysely<DB>, bankId: number, id: number): Promise<MerchantRow> {
  const m = await findBankMerchant(db, bankId, id);
  if (!m) throw notFoundError();
  return m;
}
