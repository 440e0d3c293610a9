import { chargebacksApi, EVIDENCE_BODY_LIMIT } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authError, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import type { Scope } from "../transactions/scope.ts";
import { findEvidenceFile, listChargebacks } from "./chargebacks.repository.ts";
import {
  acceptChargeback,
  chargebackDetails,
  chargebackItem,
  runDisputeCycle,
  submitEvidence,
} from "./chargebacks.service.ts";
import { decryptEvidence } from "./evidence.ts";

/**
 * Who sees which chargebacks: a merchant (and its staff) its own, a terminal user those of its terminal's
 * payments, a bank user its merchants' (optionally one of them).
 */
export function chargebackScopeOf(request: FastifyRequest, merchantId?: number): Scope {
  const user = requireUser(request);
  if (user.merchant_id !== null)
    return {
      kind: "merchant",
      merchantId: user.merchant_id,
      terminalId: user.profile_type === "Terminal" ? user.terminal_id : null,
    };
  if (user.bank_id !== null) return { kind: "bank", bankId: user.bank_id, merchantId };
  throw authError(403, "forbidden");
}

/** Only the merchant answers its chargebacks (its owner or staff with the refund permission; not a terminal). */
function answeringMerchant(request: FastifyRequest): { merchantId: number; userId: number } {
  const user = requireUser(request);
  if (user.merchant_id === null || user.profile_type === "Terminal") throw authError(403, "forbidden");
  return { merchantId: user.merchant_id, userId: user.id };
}

export async function chargebackRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;
  // Evidence is sent as base64 JSON: five files of 2 MB need more than the default 1 MB body.
  app.addHook("onRoute", (route) => {
    if (route.url === chargebacksApi.evidence.path) route.bodyLimit ??= EVIDENCE_BODY_LIMIT;
  });

  implement(app, chargebacksApi.list, async (request) => {
    const q = request.query;
    const { count, rows } = await listChargebacks(db, chargebackScopeOf(request, q.merchant_id), q);
    return { count, page: q.page, page_size: q.page_size, results: rows.map(chargebackItem) };
  });

  implement(app, chargebacksApi.details, async (request) =>
    chargebackDetails(db, chargebackScopeOf(request), request.params.id),
  );

  implement(app, chargebacksApi.accept, async (request) => {
    const { merchantId, userId } = answeringMerchant(request);
    await acceptChargeback(rt.database, merchantId, userId, request.params.id);
    return chargebackDetails(db, chargebackScopeOf(request), request.params.id);
  });

  implement(app, chargebacksApi.evidence, async (request) => {
    const { merchantId, userId } = answeringMerchant(request);
    await submitEvidence(rt.database, rt.dataKey, merchantId, userId, request.params.id, request.body);
    return chargebackDetails(db, chargebackScopeOf(request), request.params.id);
  });

  implement(app, chargebacksApi.evidenceFile, async (request, reply) => {
    const file = await findEvidenceFile(
      db,
      chargebackScopeOf(request),
      request.params.id,
      request.params.file_id,
    );
    if (!file) throw new HttpError(404, "not_found", "Not found.");
    const bytes = decryptEvidence(file.content, rt.dataKey, file.chargeback_id);
    const name = file.file_name.replace(/[^\w.-]+/g, "_").slice(0, 100) || `evidence-${file.id}`;
    return reply
      .header("content-type", file.content_type)
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "private, no-store")
      .send(bytes);
  });
}

/** How often each listening process runs the acquirer's dispute cycle (idempotent: processes may overlap). */
const DISPUTE_CYCLE_MS = 60_000;

/** The chargebacks' routes and, in each listening process, the dispute cycle every minute. */
export async function installChargebacks(app: FastifyInstance): Promise<void> {
  await app.register(chargebackRoutes);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const cycle = () => {
    running ??= runDisputeCycle(app.payments.db, app.payments.acquirer.disputeRules?.() ?? [])
      .catch((error: unknown) =>
        app.log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          "dispute cycle failed",
        ),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook("onListen", async () => {
    cycle();
    timer = setInterval(cycle, DISPUTE_CYCLE_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
