import type { ErrorResponse } from "@portal/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/**
 * An answer other than success, in the provider's error shape {detail, code, fields}. Throw it from a handler
 * or hook; the error handler turns it into the response. `detail` is English; clients translate by `code`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly fields?: Record<string, string[]>,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = "HttpError";
  }

  toResponse(): ErrorResponse {
    return this.fields
      ? { detail: this.detail, code: this.code, fields: this.fields }
      : { detail: this.detail, code: this.code };
  }
}

export const GENERIC_ERROR =
  "Oops! Something went wrong. If this problem persists, please contact your service provider.";

/** Validation errors become 400 {code:"validation", fields}; unknown errors 500 without their message. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(error.toResponse());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
        const list = fields[field] ?? [];
        list.push(issue.message ?? "Invalid value.");
        fields[field] = list;
      }
      return reply.code(400).send({ detail: "Invalid request.", code: "validation", fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, "response does not match its schema");
      return reply.code(500).send({ detail: GENERIC_ERROR, code: "internal" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ detail: GENERIC_ERROR, code: "internal" });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type): their message is safe.
    return reply.code(status).send({ detail: error.message, code: error.code ?? "bad_request" });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ detail: "Not found.", code: "not_found" }),
  );
}
