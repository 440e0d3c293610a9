import { USER_MESSAGES, usersApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { setSessionCookies } from "../sessions/session.cookies.ts";
import { deleteStaff, findStaff, listStaff } from "./users.repository.ts";
import {
  activateStaff,
  checkActivation,
  createStaffUser,
  resendActivation,
  staffAnswer,
  type UsersContext,
  updateStaffUser,
} from "./users.service.ts";

const notFound = () => new HttpError(404, "not_found", "Not found.");

/**
 * The merchant's staff users and the staff activation page's calls (contracts: packages/domain/src/api/users.ts;
 * docs/settings.md "Users and permissions").
 */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const ctx = (): UsersContext => ({
    db: app.deps.database.db,
    config: app.deps.config,
    dataKey: app.payments.dataKey,
  });
  const db = () => app.deps.database.db;

  implement(app, usersApi.list, async (request) => {
    const merchantId = requireMerchantId(request);
    const caller = requireUser(request);
    const { count, rows } = await listStaff(db(), merchantId, request.query);
    return {
      count,
      page: request.query.page,
      page_size: request.query.page_size,
      results: rows.map((r) => staffAnswer(r, caller.id)),
    };
  });

  implement(app, usersApi.details, async (request) => {
    const row = await findStaff(db(), requireMerchantId(request), request.params.id);
    if (!row) throw notFound();
    return staffAnswer(row, requireUser(request).id);
  });

  implement(app, usersApi.create, async (request, reply) => {
    const merchantId = requireMerchantId(request);
    const user = await createStaffUser(ctx(), requireUser(request), merchantId, request.body);
    request.log.info({ staffUserId: user.id }, "staff user added");
    reply.code(201);
    return user;
  });

  implement(app, usersApi.update, async (request) => {
    const merchantId = requireMerchantId(request);
    const user = await updateStaffUser(
      ctx(),
      requireUser(request),
      merchantId,
      request.params.id,
      request.body,
    );
    if (!user) throw notFound();
    return user;
  });

  implement(app, usersApi.remove, async (request) => {
    const merchantId = requireMerchantId(request);
    if (request.params.id === requireUser(request).id)
      throw new HttpError(409, "delete_self", USER_MESSAGES.deleteSelf);
    if (!(await deleteStaff(db(), merchantId, request.params.id))) throw notFound();
    request.log.info({ staffUserId: request.params.id }, "staff user deleted");
    return { detail: USER_MESSAGES.deleted };
  });

  implement(app, usersApi.resendActivation, async (request) => {
    const merchantId = requireMerchantId(request);
    if (!(await resendActivation(ctx(), merchantId, request.params.id, request.body.lang))) throw notFound();
    return { detail: USER_MESSAGES.activationSent };
  });

  implement(app, usersApi.checkActivation, async (request) =>
    checkActivation(ctx(), request.body.token, request.ip),
  );

  implement(app, usersApi.activate, async (request, reply) => {
    const { session, answer } = await activateStaff(
      ctx(),
      request.body.token,
      request.body.new_password,
      request.ip,
    );
    setSessionCookies(request, reply, session);
    request.log.info({ userId: answer.profile.user.id }, "staff account activated");
    return answer;
  });
}
