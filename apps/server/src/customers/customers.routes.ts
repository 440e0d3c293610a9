import { customersApi } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authError, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { customerTransactions, findCustomer, listCustomers } from "./customers.repository.ts";
import { customerDetails, customerItem, editCustomer } from "./customers.service.ts";

/**
 * Whose customers: a merchant's (its owner and staff with "can view customers"). A terminal sees only its own
 * payments elsewhere, and a customer's totals span the whole merchant, so terminals and banks are refused.
 */
function customersMerchant(request: FastifyRequest): number {
  const user = requireUser(request);
  if (user.merchant_id === null || user.profile_type === "Terminal") throw authError(403, "forbidden");
  return user.merchant_id;
}

export async function customerRoutes(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  const db = rt.db;

  implement(app, customersApi.list, async (request) => {
    const q = request.query;
    const { count, capped, rows } = await listCustomers(db, customersMerchant(request), q);
    return {
      count,
      count_capped: capped,
      page: q.page,
      page_size: q.page_size,
      results: rows.map(customerItem),
    };
  });

  implement(app, customersApi.details, async (request) =>
    customerDetails(db, customersMerchant(request), request.params.id),
  );

  implement(app, customersApi.transactions, async (request) => {
    const merchantId = customersMerchant(request);
    if (!(await findCustomer(db, merchantId, request.params.id)))
      throw new HttpError(404, "not_found", "Not found.");
    const q = request.query;
    const { count, rows } = await customerTransactions(db, merchantId, request.params.id, q);
    return {
      count,
      page: q.page,
      page_size: q.page_size,
      results: rows.map((t) => ({ ...t, created_at: new Date(t.created_at).toISOString() })),
    };
  });

  implement(app, customersApi.edit, async (request) => {
    const merchantId = customersMerchant(request);
    const b = request.body;
    await editCustomer(rt.database, merchantId, request.params.id, {
      name: b.name,
      email: b.email,
      phone: b.phone,
    });
    return customerDetails(db, merchantId, request.params.id);
  });
}
