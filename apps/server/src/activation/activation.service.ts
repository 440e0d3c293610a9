import { createHash } from "node:crypto";
import {
  ACTIVATION_MESSAGES,
  ACTIVATION_STEPS,
  ACTIVATION_TERMS_VERSION,
  type ActivationApplication,
  type ActivationDocumentKind,
  type ActivationFieldErrors,
  type ActivationFile,
  type ActivationStep,
  type ActivationStepBody,
  type BusinessInfo,
  type BusinessType,
  type Country,
  cleanBusinessInfo,
  cleanPaymentSolutions,
  cleanSettlements,
  type DocumentsStep,
  type IdType,
  isCountry,
  isEmptyErrors,
  type PaymentSolutions,
  requiredDocumentKinds,
  type Settlements,
  validateBusinessInfo,
  validateDocuments,
  validatePaymentSolutions,
  validateSettlements,
  validateTerms,
} from "@portal/domain";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { checkImage, type ImageFile } from "../images/images.service.ts";
import { decryptBytes, decryptSecret, encryptBytes, encryptSecret } from "../security/keys.ts";
import {
  type ActivationRow,
  deleteActivationFile,
  findActivation,
  listActivationFiles,
  markPendingVerification,
  markSubmitted,
  replaceActivationFile,
  saveDraft,
} from "./activation.repository.ts";

/**
 * The account activation wizard (docs/onboarding.md "Account activation"): each step is checked by the shared
 * rules of @portal/domain (activation.ts) and saved on the server, so a reload or another device resumes; the
 * files are checked by content (images.service.ts checkImage: PNG or JPEG walked to its end, no markup, 4 MB)
 * and stored encrypted among the merchant's documents; the submit needs every step complete and the terms
 * accepted, and leaves the merchant Pending Verification for its bank.
 */

export interface ActivationContext {
  db: Kysely<DB>;
  dataKey: Buffer;
}

export interface ActivationMerchant {
  id: number;
  country: string;
}

/** The settlements step is encrypted as a whole, bound to its merchant. */
export const settlementsContext = (merchantId: number) => `merchant:${merchantId}:activation-settlements`;
/** A stored file's associated data: its merchant. */
export const documentContext = (merchantId: number) => `merchant:${merchantId}:document`;
/**
 * The content hash of an upload: the sha256 of its bytes (the dashboard can compute it too, to refuse the same
 * file before sending). A hash of a photo reveals nothing without the photo; the content itself is encrypted.
 */
const contentHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function countryOf(merchant: ActivationMerchant): Country {
  return isCountry(merchant.country) ? merchant.country : "EGY";
}

/** A refusal in the wizard's shape: the English messages by field, and the codes the dashboard translates. */
export class ActivationRefusal extends HttpError {
  constructor(
    statusCode: number,
    code: string,
    detail: string,
    readonly errors: ActivationFieldErrors = {},
    readonly steps?: ActivationStep[],
  ) {
    const fields: Record<string, string[]> = {};
    for (const [field, c] of Object.entries(errors)) if (c) fields[field] = [ACTIVATION_MESSAGES[c]];
    super(statusCode, code, detail, Object.keys(fields).length ? fields : undefined);
  }

  body() {
    return {
      ...this.toResponse(),
      errors: this.errors as Record<string, string>,
      ...(this.steps ? { steps: this.steps } : {}),
    };
  }
}

const refuse = (code: keyof typeof ACTIVATION_MESSAGES, status = 400, errors: ActivationFieldErrors = {}) =>
  new ActivationRefusal(status, code, ACTIVATION_MESSAGES[code], errors);

// --------------------------------------------------------------------------------------------- reading

interface Saved {
  business_info: BusinessInfo | null;
  payment_solutions: PaymentSolutions | null;
  documents: DocumentsStep | null;
  settlements: Settlements | null;
  terms_accepted: boolean;
}

function savedOf(ctx: ActivationContext, merchantId: number, row: ActivationRow | undefined): Saved {
  let settlements: Settlements | null = null;
  if (row?.settlements_encrypted)
    settlements = JSON.parse(
      decryptSecret(row.settlements_encrypted, ctx.dataKey, settlementsContext(merchantId)),
    ) as Settlements;
  return {
    business_info: (row?.business_info as BusinessInfo | null) ?? null,
    payment_solutions: (row?.payment_solutions as PaymentSolutions | null) ?? null,
    documents: (row?.documents as DocumentsStep | null) ?? null,
    settlements,
    terms_accepted: row?.terms_accepted === true,
  };
}

/** Each step's errors against what is saved now (an earlier step's change can reopen a later one). */
function stepErrors(
  country: Country,
  saved: Saved,
  uploaded: readonly string[],
): Record<ActivationStep, ActivationFieldErrors> {
  const business = saved.business_info;
  return {
    business_info: business
      ? validateBusinessInfo(business)
      : { business_type: "required", industry: "required" },
    payment_solutions: validatePaymentSolutions(saved.payment_solutions ?? {}),
    documents: validateDocuments(saved.documents ?? {}, uploaded, {
      business_type: business?.business_type ?? null,
      payment_solutions: saved.payment_solutions?.payment_solutions ?? null,
    }),
    settlements: saved.settlements
      ? validateSettlements(country, saved.settlements)
      : { settlement_method: "required" },
    terms: validateTerms({ terms_accepted: saved.terms_accepted }),
  };
}

function fileOf(
  row: Awaited<ReturnType<typeof listActivationFiles>>[number],
  urlOf: (id: number) => string,
): ActivationFile {
  const id = Number(row.id);
  return {
    id,
    kind: row.kind as ActivationDocumentKind,
    file_name: row.file_name,
    content_type: row.content_type as ActivationFile["content_type"],
    size_bytes: row.size_bytes,
    sha256: row.content_hash ?? "",
    created_at: new Date(row.created_at).toISOString(),
    url: urlOf(id),
  };
}

/** The merchant's own copy of a file, or the bank's. */
export const ownerFileUrl = (id: number) => `/api/merchant/documents/${id}`;
export const bankFileUrl = (merchantId: number) => (id: number) =>
  `/api/bank/merchants/${merchantId}/documents/${id}`;

/** The application as the wizard and the bank read it. */
export async function readApplication(
  ctx: ActivationContext,
  merchant: ActivationMerchant,
  urlOf: (id: number) => string = ownerFileUrl,
): Promise<ActivationApplication> {
  const [row, fileRows] = await Promise.all([
    findActivation(ctx.db, merchant.id),
    listActivationFiles(ctx.db, merchant.id),
  ]);
  const country = countryOf(merchant);
  const saved = savedOf(ctx, merchant.id, row);
  const files = fileRows.map((f) => fileOf(f, urlOf));
  const errors = stepErrors(
    country,
    saved,
    files.map((f) => f.kind),
  );
  const completed = ACTIVATION_STEPS.filter((s) => isEmptyErrors(errors[s]));
  const submitted = row?.status === "submitted";
  return {
    status: submitted ? "submitted" : "draft",
    country,
    current_step: ACTIVATION_STEPS.find((s) => !completed.includes(s)) ?? "terms",
    completed_steps: completed,
    business_info: saved.business_info,
    payment_solutions: saved.payment_solutions,
    documents: saved.documents,
    settlements: saved.settlements,
    terms: row ? { terms_accepted: saved.terms_accepted } : null,
    required_documents: requiredDocumentKinds(
      saved.documents?.id_type ?? null,
      saved.business_info?.business_type ?? null,
      saved.payment_solutions?.payment_solutions ?? null,
    ),
    files,
    submitted_at: row?.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    updated_at: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

async function requireDraft(ctx: ActivationContext, merchantId: number): Promise<void> {
  const row = await findActivation(ctx.db, merchantId);
  if (row?.status === "submitted") throw refuse("already_submitted", 409);
}

// --------------------------------------------------------------------------------------------- saving

type StepBody = ActivationStepBody<"business_info"> &
  ActivationStepBody<"payment_solutions"> &
  ActivationStepBody<"documents"> &
  ActivationStepBody<"settlements"> &
  ActivationStepBody<"terms">;

/** Checks one step by its rules and saves it; throws the refusal with every field's code, nothing saved. */
export async function saveStep(
  ctx: ActivationContext,
  merchant: ActivationMerchant,
  step: ActivationStep,
  body: StepBody,
  now: Date,
): Promise<void> {
  await requireDraft(ctx, merchant.id);
  const country = countryOf(merchant);
  let errors: ActivationFieldErrors;
  let values: Parameters<typeof saveDraft>[2];
  switch (step) {
    case "business_info": {
      errors = validateBusinessInfo(body);
      values = {
        business_info: JSON.stringify(
          cleanBusinessInfo({
            business_type: body.business_type as BusinessType,
            industry: body.industry as BusinessInfo["industry"],
            industry_other: body.industry_other ?? null,
            online_presence: body.online_presence ?? null,
          }),
        ),
      };
      break;
    }
    case "payment_solutions":
      errors = validatePaymentSolutions(body);
      values = {
        payment_solutions: JSON.stringify(
          cleanPaymentSolutions({
            payment_solutions: (body.payment_solutions ?? []) as PaymentSolutions["payment_solutions"],
          }),
        ),
      };
      break;
    case "documents": {
      const saved = savedOf(ctx, merchant.id, await findActivation(ctx.db, merchant.id));
      const files = await listActivationFiles(ctx.db, merchant.id);
      errors = validateDocuments(
        body,
        files.map((f) => f.kind),
        {
          business_type: saved.business_info?.business_type ?? null,
          payment_solutions: saved.payment_solutions?.payment_solutions ?? null,
        },
      );
      values = { documents: JSON.stringify({ id_type: body.id_type as IdType }) };
      break;
    }
    case "settlements": {
      errors = validateSettlements(country, body);
      const clean = cleanSettlements(
        body.settlement_method === "wallet"
          ? { settlement_method: "wallet", wallet_phone: body.wallet_phone ?? "" }
          : {
              settlement_method: "bank_account",
              bank: body.bank ?? "",
              account_name: body.account_name ?? "",
              account_number: body.account_number ?? "",
              iban: body.iban ?? "",
            },
      );
      values = {
        settlements_encrypted: encryptSecret(
          JSON.stringify(clean),
          ctx.dataKey,
          settlementsContext(merchant.id),
        ),
      };
      break;
    }
    case "terms":
      errors = validateTerms(body);
      values = { terms_accepted: true, terms_version: ACTIVATION_TERMS_VERSION };
      break;
  }
  if (!isEmptyErrors(errors)) throw new ActivationRefusal(400, "validation", firstMessage(errors), errors);
  if (!(await saveDraft(ctx.db, merchant.id, values, now))) throw refuse("already_submitted", 409);
}

function firstMessage(errors: ActivationFieldErrors): string {
  const code = Object.values(errors).find((c) => c !== undefined);
  return code ? ACTIVATION_MESSAGES[code] : ACTIVATION_MESSAGES.required;
}

// --------------------------------------------------------------------------------------------- files

/** The upload's refusals of images.service.ts in the wizard's codes (the same words, 4 MB). */
const IMAGE_TO_ACTIVATION: Record<string, keyof typeof ACTIVATION_MESSAGES> = {
  image_type: "file_type_not_accepted",
  image_too_large_product: "file_too_large",
  image_too_large_logo: "file_too_large",
  image_empty: "file_empty",
  image_name: "file_name",
  image_missing: "file_missing",
};

/**
 * Checks an upload by content and stores it encrypted in place of the kind's previous one. Refused (an HttpError
 * with the wizard's code; nothing stored): not a well-formed PNG or JPEG (whatever its name or declared type),
 * markup inside, bytes after the image's end (a polyglot), empty, above 4 MB, a name with a path, or the same
 * bytes as a file the merchant already has.
 */
export async function storeUpload(
  ctx: ActivationContext,
  merchant: ActivationMerchant,
  userId: number,
  kind: ActivationDocumentKind,
  file: ImageFile | undefined,
): Promise<ActivationFile> {
  await requireDraft(ctx, merchant.id);
  if (!file) throw refuse("file_missing", 400, { file: "file_missing" });
  let contentType: "image/png" | "image/jpeg";
  try {
    contentType = checkImage(file, "product");
  } catch (error) {
    if (error instanceof HttpError && IMAGE_TO_ACTIVATION[error.code]) {
      const code = IMAGE_TO_ACTIVATION[error.code]!;
      throw refuse(code, error.statusCode, { file: code });
    }
    throw error;
  }
  const hash = contentHash(file.bytes);
  const extension = contentType === "image/png" ? "png" : "jpg";
  const stored = await replaceActivationFile(ctx.db, {
    merchant_id: merchant.id,
    kind,
    // The client's name is never kept: the kind and the true type name the file.
    file_name: `${kind}.${extension}`,
    content_type: contentType,
    size_bytes: file.bytes.byteLength,
    content: encryptBytes(file.bytes, ctx.dataKey, documentContext(merchant.id)),
    content_hash: hash,
    uploaded_by: userId,
  });
  if (!stored) throw refuse("file_duplicate", 400, { file: "file_duplicate" });
  return {
    id: stored.id,
    kind,
    file_name: `${kind}.${extension}`,
    content_type: contentType,
    size_bytes: file.bytes.byteLength,
    sha256: hash,
    created_at: new Date(stored.created_at).toISOString(),
    url: ownerFileUrl(stored.id),
  };
}

export async function removeUpload(ctx: ActivationContext, merchantId: number, id: number): Promise<void> {
  await requireDraft(ctx, merchantId);
  if (!(await deleteActivationFile(ctx.db, merchantId, id)))
    throw new HttpError(404, "not_found", "Not found.");
}

/** A stored document's bytes: decrypted when the wizard stored it encrypted (back-office and owner reads). */
export function documentBytes(
  doc: { content: Uint8Array; encryption?: "none" | "v1" | null },
  merchantId: number,
  dataKey: Buffer,
): Buffer {
  if (doc.encryption === "v1") return decryptBytes(doc.content, dataKey, documentContext(merchantId));
  return Buffer.from(doc.content);
}

// --------------------------------------------------------------------------------------------- submit

/** Saves the terms, checks every step, submits, and leaves the merchant Pending Verification. */
export async function submitApplication(
  ctx: ActivationContext,
  merchant: ActivationMerchant,
  userId: number,
  termsAccepted: boolean | null | undefined,
  now: Date,
): Promise<ActivationApplication> {
  await requireDraft(ctx, merchant.id);
  if (termsAccepted !== true) throw refuse("terms_required", 400, { terms_accepted: "terms_required" });
  await saveDraft(
    ctx.db,
    merchant.id,
    { terms_accepted: true, terms_version: ACTIVATION_TERMS_VERSION },
    now,
  );
  const application = await readApplication(ctx, merchant);
  const open = ACTIVATION_STEPS.filter((s) => !application.completed_steps.includes(s));
  if (open.length > 0) {
    const saved = savedOf(ctx, merchant.id, await findActivation(ctx.db, merchant.id));
    const errors = stepErrors(
      countryOf(merchant),
      saved,
      application.files.map((f) => f.kind),
    );
    const all: ActivationFieldErrors = {};
    for (const s of open) Object.assign(all, errors[s]);
    throw new ActivationRefusal(400, "incomplete", ACTIVATION_MESSAGES.incomplete, all, open);
  }
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markSubmitted(trx, merchant.id, userId, ACTIVATION_TERMS_VERSION, now))) return false;
    await markPendingVerification(trx, merchant.id);
    return true;
  });
  if (!done) throw refuse("already_submitted", 409);
  return readApplication(ctx, merchant);
}
