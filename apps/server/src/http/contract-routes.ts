import type { AnswerOf, RequestOf, RouteContract } from "@portal/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";

/**
 * Registers a route from its contract (packages/domain, ADR 0008): method, path, access rule, validation,
 * serialisation and the OpenAPI entry all come from the one declaration. The handler answers the contract's
 * success body, or sends another answer through `reply` (reply.code(201).send(...), or throws an HttpError).
 */
export type ContractHandler<C extends RouteContract> = (
  request: FastifyRequest<RequestOf<C>>,
  reply: FastifyReply,
) => Promise<AnswerOf<C> | FastifyReply> | AnswerOf<C> | FastifyReply;

export function implement<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
): void {
  const schema = {
    tags: [...contract.tags],
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.headers ? { headers: contract.headers } : {}),
    // A file answer (a PDF, an export) declares no JSON answers: the document then shows its default 200.
    ...(Object.keys(contract.answers).length > 0 ? { response: contract.answers } : {}),
    ...(contract.hidden ? { hide: true } : {}),
  };
  const config = {
    ...contract.access,
    ...(contract.allowTempSession ? { allowTempSession: true } : {}),
    ...(contract.apiPermission ? { apiPermission: contract.apiPermission } : {}),
  };
  const options = {
    method: contract.method,
    url: contract.path,
    schema,
    config,
    handler,
  } as unknown as RouteOptions; // the zod type provider infers from schema objects; the handler is typed above
  app.route(options);
  if (contract.trailingSlash) {
    const twin = contract.path.endsWith("/") ? contract.path.slice(0, -1) : `${contract.path}/`;
    app.route({ ...options, url: twin, schema: { ...schema, hide: true } });
  }
}
