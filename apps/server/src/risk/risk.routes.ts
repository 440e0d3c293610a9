import { riskApi, riskEntryInputSchema, riskRuleInputSchema } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { authError, hasPermission, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import {
  auditPage,
  changeRule,
  createEntry,
  createRule,
  entries,
  type RiskActor,
  removeEntry,
  removeRule,
  rules,
} from "./risk.service.ts";

/**
 * The risk center's routes (docs/pos-risk.md "Risk"). A merchant's own (its owner and staff); a terminal or a
 * bank has none. Changes need "can update payment integration" (the contracts say so; the proxy checks it).
 */
function riskActor(request: FastifyRequest): RiskActor {
  const user = requireUser(request);
  if (user.merchant_id === null || user.profile_type === "Terminal") throw authError(403, "forbidden");
  return { merchantId: user.merchant_id, user };
}

const EDIT_PERMISSION = "can update payment integration" as const;

function validationError(error: z.ZodError): HttpError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "non_field_errors";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return new HttpError(400, "validation", "Please check the fields.", fields);
}

export async function riskRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;

  implement(app, riskApi.rules, async (request) => ({
    results: await rules(db, riskActor(request).merchantId),
  }));

  implement(app, riskApi.createRule, async (request, reply) =>
    reply.code(201).send(await createRule(db, riskActor(request), request.body)),
  );

  implement(app, riskApi.updateRule, async (request) =>
    changeRule(db, riskActor(request), request.params.id, request.body),
  );

  implement(app, riskApi.deleteRule, async (request) => {
    await removeRule(db, riskActor(request), request.params.id);
    return { detail: "The rule was deleted." };
  });

  implement(app, riskApi.entries, async (request) =>
    entries(db, riskActor(request).merchantId, request.query),
  );

  implement(app, riskApi.createEntry, async (request, reply) =>
    reply.code(201).send(await createEntry(db, rt.dataKey, riskActor(request), request.body)),
  );

  implement(app, riskApi.deleteEntry, async (request) => {
    await removeEntry(db, riskActor(request), request.params.id);
    return { detail: "The entry was deleted." };
  });

  implement(app, riskApi.audit, async (request) =>
    auditPage(db, riskActor(request).merchantId, request.query),
  );

  /** The provider's proxy: one resource and method in an envelope; an error is {success:false, status, data}. */
  implement(app, riskApi.proxy, async (request) => {
    const actor = riskActor(request);
    const b = request.body;
    try {
      const data = await proxied(actor, b);
      return { success: true, status: b.method === "POST" ? 201 : 200, data };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return {
        success: false,
        status: error.statusCode,
        data: { detail: error.detail, code: error.code, ...(error.fields ? { fields: error.fields } : {}) },
      };
    }
  });

  async function proxied(actor: RiskActor, b: z.output<typeof riskApi.proxy.body>): Promise<unknown> {
    const page = { page: b.page, page_size: b.page_size };
    if (b.method === "GET") {
      if (b.endpoint === "rules") return { results: await rules(db, actor.merchantId) };
      if (b.endpoint === "audit") return auditPage(db, actor.merchantId, page);
      return entries(db, actor.merchantId, { list: b.endpoint === "blacklist" ? "black" : "white", ...page });
    }
    if (!hasPermission(actor.user, EDIT_PERMISSION)) throw authError(403, "forbidden");
    if (b.endpoint === "audit") throw new HttpError(405, "method_not_allowed", "The audit is read only.");
    if (b.method === "DELETE" || b.method === "PUT") {
      if (b.id === undefined)
        throw new HttpError(400, "validation", "Please check the fields.", {
          id: ["This field is required."],
        });
    }
    if (b.endpoint === "rules") {
      if (b.method === "DELETE") {
        await removeRule(db, actor, b.id!);
        return { detail: "The rule was deleted." };
      }
      const parsed = riskRuleInputSchema.safeParse(b.data ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      return b.method === "PUT"
        ? changeRule(db, actor, b.id!, parsed.data)
        : createRule(db, actor, parsed.data);
    }
    const list = b.endpoint === "blacklist" ? "black" : "white";
    if (b.method === "DELETE") {
      await removeEntry(db, actor, b.id!);
      return { detail: "The entry was deleted." };
    }
    if (b.method === "PUT")
      throw new HttpError(405, "method_not_allowed", "A list entry is added or removed, not changed.");
    const parsed = riskEntryInputSchema.safeParse({ ...(b.data ?? {}), list });
    if (!parsed.success) throw validationError(parsed.error);
    return createEntry(db, rt.dataKey, actor, parsed.data);
  }
}
