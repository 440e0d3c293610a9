import { AUTH_DETAILS, type ErrorResponse, VALIDATION_ERROR_CODE } from "@portal/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { PaymentError } from "../payments/errors.ts";

/**
 * The one error handler of the dashboard and checkout APIs, and their one error shape {detail, code, fields}
 * (packages/domain errorResponseSchema). The public API keeps the provider's shapes in its own scope
 * (public-api/http.ts providerErrorHandler), sharing the field messages below.
 */

/**
 * An answer other than success, in the shape {detail, code, fields}. Throw it from a handler or hook; the error
 * handler turns it into the response. `detail` is English; clients translate by `code`.
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

/** 429 of a rate-limited action, with when to try again. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, "too_many_requests", AUTH_DETAILS.too_many_requests, undefined, {
    "retry-after": String(retryAfterSeconds),
  });
}

export const GENERIC_ERROR =
  "Oops! Something went wrong. If this problem persists, please contact your service provider.";

/** The words of a field's validation message, in the provider's wording where it has one. */
export function fieldMessage(issue: { keyword?: string; message?: string }): string {
  const message = issue.message ?? "";
  if (/received undefined/.test(message)) return "This field is required.";
  if (/received null/.test(message)) return "This field may not be null.";
  if (/expected number|expected int/.test(message)) return "A valid integer is required.";
  if (/expected boolean/.test(message)) return "Must be a valid boolean.";
  if (/expected string/.test(message)) return "Not a valid string.";
  if (/expected array/.test(message)) return "Expected a list of items.";
  // The field types (packages/domain/src/api/provider-fields.ts) name their bounds in the provider's wording.
  if (message.startsWith("Ensure ")) return message;
  if (issue.keyword === "too_small") return "Ensure this value is greater than or equal to the minimum.";
  if (issue.keyword === "too_big") return "Ensure this value is less than or equal to the maximum.";
  return message || "Invalid value.";
}

/** Validation errors become 400 {code: "validation", fields}; unknown errors 500 without their message. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(error.toResponse());
    }
    if (error instanceof PaymentError) return reply.code(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
        const list = fields[field] ?? [];
        list.push(fieldMessage(issue));
        fields[field] = list;
      }
      return reply.code(400).send({ detail: "Invalid request.", code: VALIDATION_ERROR_CODE, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: { message: error.cause?.message } }, "response does not match its schema");
      return reply.code(500).send({ detail: GENERIC_ERROR, code: "internal" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The message and code only: an error object may carry request data.
      request.log.error({ err: { message: error.message, code: error.code } }, "request failed");
      return reply.code(status).send({ detail: GENERIC_ERROR, code: "internal" });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type): their message is safe.
    return reply.code(status).send({ detail: error.message, code: error.code ?? "bad_request" });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ detail: "Not found.", code: "not_found" }),
  );
}
