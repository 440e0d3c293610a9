import { ACTIVATION_MESSAGES, activationApi } from "@portal/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requireBankId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { installImageParser, uploadOf } from "../images/images.routes.ts";
import { notFoundError } from "../transactions/scope.ts";
import { findBankMerchantForActivation, findMerchantForActivation } from "./activation.repository.ts";
import {
  type ActivationContext,
  type ActivationMerchant,
  ActivationRefusal,
  bankFileUrl,
  readApplication,
  removeUpload,
  saveStep,
  storeUpload,
  submitApplication,
} from "./activation.service.ts";

/**
 * The account activation wizard's routes (contract: packages/domain/src/api/activation.ts; docs/onboarding.md
 * "Account activation"). The merchant's owner only (a Merchant profile: its staff, terminals and banks answer
 * 403 not_owner); the bank reads its own merchants' applications. A file's bytes are served by the back-office's
 * document routes (merchantsApi.document for the bank, merchantsApi.ownDocument for the owner), which decrypt.
 * Uploads use the image upload's multipart parser (body and part count bounded before parsing).
 */
export async function activationRoutes(app: FastifyInstance): Promise<void> {
  const ctx: ActivationContext = { db: app.payments.db, dataKey: app.payments.dataKey };
  installImageParser(app);

  async function owner(request: FastifyRequest): Promise<{ merchant: ActivationMerchant; userId: number }> {
    const user = requireUser(request);
    if (user.profile_type !== "Merchant" || user.merchant_id === null)
      throw new HttpError(403, "not_owner", ACTIVATION_MESSAGES.not_owner);
    const merchant = await findMerchantForActivation(ctx.db, user.merchant_id);
    if (!merchant) throw new HttpError(403, "not_owner", ACTIVATION_MESSAGES.not_owner);
    return { merchant: { id: Number(merchant.id), country: merchant.country }, userId: user.id };
  }

  /** The wizard's refusals carry each field's code (and the open steps) beside the usual error shape. */
  async function refusals<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ActivationRefusal) return reply.code(error.statusCode).send(error.body());
      throw error;
    }
  }

  implement(app, activationApi.show, async (request) => {
    const { merchant } = await owner(request);
    return readApplication(ctx, merchant);
  });

  implement(app, activationApi.saveStep, async (request, reply) => {
    const { merchant } = await owner(request);
    return refusals(reply, async () => {
      await saveStep(ctx, merchant, request.params.step, request.body, new Date());
      return readApplication(ctx, merchant);
    });
  });

  implement(app, activationApi.upload, async (request, reply) => {
    const { merchant, userId } = await owner(request);
    const upload = uploadOf(request);
    const file = upload.files === 1 ? upload.file : undefined;
    return refusals(reply, async () => {
      const stored = await storeUpload(ctx, merchant, userId, request.query.kind, file);
      return reply.code(201).send(stored);
    });
  });

  implement(app, activationApi.deleteDocument, async (request, reply) => {
    const { merchant } = await owner(request);
    return refusals(reply, async () => {
      await removeUpload(ctx, merchant.id, request.params.id);
      return readApplication(ctx, merchant);
    });
  });

  implement(app, activationApi.submit, async (request, reply) => {
    const { merchant, userId } = await owner(request);
    return refusals(reply, async () => {
      const application = await submitApplication(
        ctx,
        merchant,
        userId,
        request.body.terms_accepted,
        new Date(),
      );
      return { message: ACTIVATION_MESSAGES.submitted, application };
    });
  });

  implement(app, activationApi.bankShow, async (request) => {
    const bankId = requireBankId(request);
    const merchant = await findBankMerchantForActivation(ctx.db, bankId, request.params.id);
    if (!merchant) throw notFoundError();
    const id = Number(merchant.id);
    return readApplication(ctx, { id, country: merchant.country }, bankFileUrl(id));
  });
}
