import { branchesApi, terminalApi, terminalsApi } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authError, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { idempotencyKeyOf } from "../payments/idempotency.ts";
import { findBranch, listBranches, listTerminals, type PosScope } from "./pos.repository.ts";
import {
  addBranch,
  addTerminal,
  branchView,
  editBranch,
  editTerminal,
  notFound,
  recreateTerminalKeys,
  terminalView,
  terminalViews,
} from "./pos.service.ts";
import {
  payAtTerminal,
  readTerminalPayment,
  type TerminalCaller,
  terminalCaller,
} from "./terminal-payment.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The terminal whose key authenticated a terminal API request (set before the body is checked). */
    terminal?: TerminalCaller;
  }
}

/** What a dashboard caller sees: its merchant's terminals, or a Terminal user its own. */
function posScope(request: FastifyRequest): PosScope {
  const user = requireUser(request);
  if (user.merchant_id === null) throw authError(403, "forbidden");
  if (user.profile_type === "Terminal") {
    if (user.terminal_id === null) throw authError(403, "forbidden");
    return { merchantId: user.merchant_id, terminalId: user.terminal_id };
  }
  return { merchantId: user.merchant_id, terminalId: null };
}

/** Branches, and adding or changing terminals: the merchant's owner and staff, never a terminal. */
function merchantOnly(request: FastifyRequest): number {
  const scope = posScope(request);
  if (scope.terminalId !== null) throw authError(403, "forbidden");
  return scope.merchantId;
}

/** The merchant dashboard's Branches and Terminals screens (contracts: packages/domain/src/api/pos.ts). */
export async function posRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;

  implement(app, branchesApi.list, async (request) => {
    const q = request.query;
    const { count, rows } = await listBranches(db, merchantOnly(request), q);
    return { count, page: q.page, page_size: q.page_size, results: rows.map(branchView) };
  });

  implement(app, branchesApi.details, async (request) => {
    const row = await findBranch(db, merchantOnly(request), request.params.id);
    if (!row) throw notFound();
    return branchView(row);
  });

  implement(app, branchesApi.create, async (request, reply) => {
    const branch = await addBranch(db, merchantOnly(request), request.body);
    return reply.code(201).send(branch);
  });

  implement(app, branchesApi.update, async (request) =>
    editBranch(rt.database, merchantOnly(request), request.params.id, request.body, rt.now()),
  );

  implement(app, terminalsApi.list, async (request) => {
    const scope = posScope(request);
    const q = request.query;
    const { count, rows, merchantHasTerminals } = await listTerminals(db, scope, q);
    return {
      count,
      page: q.page,
      page_size: q.page_size,
      results: await terminalViews(db, scope.merchantId, rows, q.is_live),
      has_pos: merchantHasTerminals,
    };
  });

  implement(app, terminalsApi.details, async (request) =>
    terminalView(db, posScope(request), request.params.id, request.query.is_live),
  );

  implement(app, terminalsApi.create, async (request, reply) => {
    const created = await addTerminal(
      rt.database,
      rt.dataKey,
      merchantOnly(request),
      request.body.branch,
      rt.now(),
    );
    return reply.code(201).send(created);
  });

  implement(app, terminalsApi.update, async (request) =>
    editTerminal(db, merchantOnly(request), request.params.id, request.body.branch, true, rt.now()),
  );

  implement(app, terminalsApi.recreateKeys, async (request) =>
    recreateTerminalKeys(rt.database, rt.dataKey, merchantOnly(request), request.params.id, rt.now()),
  );

  await app.register(terminalApiRoutes);
}

/**
 * The terminal API: the terminal's key is checked before its body (a wrong or missing key answers 401 whatever
 * the body holds), as the public API does.
 */
async function terminalApiRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  app.addHook("preValidation", async (request) => {
    request.terminal = await terminalCaller(rt, request.headers.authorization, request.ip);
  });
  const caller = (request: FastifyRequest): TerminalCaller => {
    if (!request.terminal) throw new Error("the terminal API's hook did not run");
    return request.terminal;
  };

  implement(app, terminalApi.pay, async (request) =>
    payAtTerminal(rt, caller(request), request.body, idempotencyKeyOf(request.headers)),
  );

  implement(app, terminalApi.payment, async (request) =>
    readTerminalPayment(rt, caller(request), request.params.id),
  );
}
