import { productsApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { rateLimited } from "../payments/payment-context.ts";
import { hitRateLimit } from "../ratelimit/rate-limit.repository.ts";
import {
  findProduct,
  insertProduct,
  listProducts,
  softDeleteProduct,
  updateProduct,
} from "./products.repository.ts";
import {
  definedOf,
  newPublicId,
  productAnswer,
  productInput,
  productPage,
  productValues,
  purchaseProduct,
  uniqueProductId,
} from "./products.service.ts";

/** Reads of the public page and purchases per minute from one client address on one product. */
const PAGE_READS_PER_MINUTE = 120;
const PURCHASES_PER_MINUTE = 60;

const notFound = () => new HttpError(404, "not_found", "Not found.");

/**
 * The merchant's products and the public product page (contracts: packages/domain/src/api/products.ts;
 * docs/selling.md "Products").
 */
export async function productRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;

  implement(app, productsApi.list, async (request) => {
    const merchantId = requireMerchantId(request);
    const { count, rows } = await listProducts(db, merchantId, request.query);
    return {
      count,
      page: request.query.page,
      page_size: request.query.page_size,
      results: rows.map((r) => productAnswer(r, rt.publicUrl)),
    };
  });

  implement(app, productsApi.details, async (request) => {
    const row = await findProduct(db, requireMerchantId(request), request.params.id);
    if (!row) throw notFound();
    return productAnswer(row, rt.publicUrl);
  });

  implement(app, productsApi.create, async (request, reply) => {
    const merchantId = requireMerchantId(request);
    const values = await productValues(db, merchantId, request.body);
    const row = await uniqueProductId(() =>
      insertProduct(db, {
        ...values,
        merchant_id: merchantId,
        public_id: newPublicId(),
        created_by: requireUser(request).username,
        created_at: rt.now(),
      }),
    );
    reply.code(201);
    return productAnswer(row, rt.publicUrl);
  });

  implement(app, productsApi.update, async (request) => {
    const merchantId = requireMerchantId(request);
    const current = await findProduct(db, merchantId, request.params.id);
    if (!current) throw notFound();
    // A field left out keeps its value (the edit modal sends them all).
    const values = await productValues(db, merchantId, {
      ...productInput(current),
      ...definedOf(request.body),
    });
    const row = await uniqueProductId(() => updateProduct(db, merchantId, request.params.id, values));
    if (!row) throw notFound();
    return productAnswer(row, rt.publicUrl);
  });

  implement(app, productsApi.remove, async (request) => {
    if (!(await softDeleteProduct(db, requireMerchantId(request), request.params.id, rt.now())))
      throw notFound();
    return { detail: "Product deleted successfully" };
  });

  const limit = async (key: string, perMinute: number) => {
    if (!(await hitRateLimit(db, key, { limit: perMinute, windowSeconds: 60 })).allowed) throw rateLimited();
  };

  implement(app, productsApi.page, async (request) => {
    await limit(`product:read:${request.ip}:${request.params.public_id}`, PAGE_READS_PER_MINUTE);
    return productPage(rt, request.params.public_id);
  });

  implement(app, productsApi.purchase, async (request, reply) => {
    await limit(`product:buy:${request.ip}:${request.params.public_id}`, PURCHASES_PER_MINUTE);
    const answer = await purchaseProduct(rt, request.params.public_id, request.body);
    reply.code(201);
    return answer;
  });
}
