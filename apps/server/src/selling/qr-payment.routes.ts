import { qrPaymentApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { requireMerchantId } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { createQrPayment, qrSetup, qrStatus } from "./qr-payment.service.ts";

/** QR Code Payment (contracts: packages/domain/src/api/qr-payment.ts; docs/selling.md). */
export async function qrPaymentRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;

  implement(app, qrPaymentApi.setup, async (request) =>
    qrSetup(rt, requireMerchantId(request), request.query.is_live),
  );

  implement(app, qrPaymentApi.create, async (request, reply) =>
    reply.code(201).send(await createQrPayment(rt, requireMerchantId(request), request.body)),
  );

  implement(app, qrPaymentApi.status, async (request) =>
    qrStatus(rt, requireMerchantId(request), request.params.id),
  );
}
