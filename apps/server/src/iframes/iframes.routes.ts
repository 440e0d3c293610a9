import { IFRAME_LIMIT, IFRAME_PUBLIC_ID_PATTERN, iframesApi, messageText } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { rateLimited } from "../payments/payment-context.ts";
import { hitRateLimit } from "../ratelimit/rate-limit.repository.ts";
import {
  deleteIframe,
  findIframe,
  iframeByPublicId,
  insertIframeWithinLimit,
  listIframes,
  updateIframe,
} from "./iframes.repository.ts";
import {
  duplicateName,
  iframeAnswer,
  iframeDocument,
  iframeSummaryAnswer,
  iframeValues,
  newIframePublicId,
} from "./iframes.service.ts";

/** Reads of one published iframe per minute from one client address. */
const DOCUMENT_READS_PER_MINUTE = 300;

const notFound = () => new HttpError(404, "not_found", "Not found.");

/**
 * The merchant's iframes (contracts: packages/domain/src/api/iframes.ts) and their published documents,
 * GET /checkout/iframes/:public_id (docs/settings.md "Iframes").
 */
export async function iframeRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;
  const supportEmail = app.deps.config.supportEmail;
  const limitReached = () =>
    new HttpError(403, "iframe_limit", messageText("iframe_limit", { email: supportEmail }));

  implement(app, iframesApi.list, async (request) => {
    const rows = await listIframes(db, requireMerchantId(request));
    return {
      count: rows.length,
      page: 1,
      page_size: IFRAME_LIMIT,
      results: rows.map((r) => iframeSummaryAnswer(r, rt.publicUrl)),
      limit: IFRAME_LIMIT,
      support_email: supportEmail,
    };
  });

  implement(app, iframesApi.details, async (request) => {
    const row = await findIframe(db, requireMerchantId(request), request.params.id);
    if (!row) throw notFound();
    return iframeAnswer(row, rt.publicUrl);
  });

  implement(app, iframesApi.create, async (request, reply) => {
    const merchantId = requireMerchantId(request);
    const values = iframeValues(request.body);
    const now = rt.now();
    const row = await insertIframeWithinLimit(
      db,
      {
        ...values,
        merchant_id: merchantId,
        public_id: newIframePublicId(),
        created_by: requireUser(request).username,
        created_at: now,
        updated_at: now,
      },
      IFRAME_LIMIT,
    );
    if (!row) throw limitReached();
    reply.code(201);
    return iframeAnswer(row, rt.publicUrl);
  });

  implement(app, iframesApi.update, async (request) => {
    const merchantId = requireMerchantId(request);
    const current = await findIframe(db, merchantId, request.params.id);
    if (!current) throw notFound();
    const values = iframeValues(request.body, current);
    const row = await updateIframe(db, merchantId, request.params.id, { ...values, updated_at: rt.now() });
    if (!row) throw notFound();
    return iframeAnswer(row, rt.publicUrl);
  });

  implement(app, iframesApi.duplicate, async (request, reply) => {
    const merchantId = requireMerchantId(request);
    const original = await findIframe(db, merchantId, request.params.id);
    if (!original) throw notFound();
    const now = rt.now();
    const row = await insertIframeWithinLimit(
      db,
      {
        merchant_id: merchantId,
        public_id: newIframePublicId(),
        name: duplicateName(original.name, request.body?.name),
        description: original.description,
        html: original.html,
        javascript: original.javascript,
        css: original.css,
        created_by: requireUser(request).username,
        created_at: now,
        updated_at: now,
      },
      IFRAME_LIMIT,
    );
    if (!row) throw limitReached();
    reply.code(201);
    return iframeAnswer(row, rt.publicUrl);
  });

  implement(app, iframesApi.remove, async (request) => {
    if (!(await deleteIframe(db, requireMerchantId(request), request.params.id))) throw notFound();
    return { detail: "Iframe deleted successfully" };
  });

  // The published document: on the checkout side, sandboxed, with its own strict policy (iframeDocument). Not an
  // API route (no contract: it answers HTML), public by design: its unguessable id is its link.
  app.get<{ Params: { public_id: string } }>(
    "/checkout/iframes/:public_id",
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const publicId = request.params.public_id;
      if (!IFRAME_PUBLIC_ID_PATTERN.test(publicId)) throw notFound();
      const allowed = await hitRateLimit(db, `iframe:read:${request.ip}:${publicId}`, {
        limit: DOCUMENT_READS_PER_MINUTE,
        windowSeconds: 60,
      });
      if (!allowed.allowed) throw rateLimited();
      const iframe = await iframeByPublicId(db, publicId);
      if (!iframe) throw notFound();
      const document = iframeDocument(iframe);
      return reply
        .header("content-security-policy", document.csp)
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()")
        .header("x-robots-tag", "noindex")
        .type("text/html; charset=utf-8")
        .send(document.html);
    },
  );
}
