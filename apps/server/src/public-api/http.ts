import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { fieldMessage, GENERIC_ERROR, HttpError } from "../http/errors.ts";
import { PaymentError } from "../payments/errors.ts";

/**
 * HTTP plumbing of the provider-compatible API: its error shapes and its body encodings. (Its tolerance of a
 * missing or extra trailing slash is the contracts' `trailingSlash`, packages/domain/src/api/public-api.ts.)
 */

/** Nests {"billing_data": {"email": ["..."]}} as the provider (Django REST framework) does. */
export function drfFieldErrors(
  validation: { instancePath: string; keyword?: string; message?: string }[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const issue of validation) {
    const path = issue.instancePath.replace(/^\//, "").split("/").filter(Boolean);
    if (path.length === 0) path.push("non_field_errors");
    let node = out;
    for (const [i, key] of path.entries()) {
      if (i === path.length - 1) {
        const list = (Array.isArray(node[key]) ? node[key] : []) as string[];
        list.push(fieldMessage(issue));
        node[key] = list;
      } else {
        if (typeof node[key] !== "object" || node[key] === null || Array.isArray(node[key])) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
    }
  }
  return out;
}

/** The scope's error handler: provider-shaped bodies for the public API. */
export function providerErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof PaymentError) return reply.code(error.statusCode).send(error.body);
  if (error instanceof HttpError) {
    // Retry-After of a refused sign-in (POST /api/auth/tokens shares the dashboard's limits).
    if (error.headers) reply.headers(error.headers);
    return reply.code(error.statusCode).send({ detail: error.detail });
  }
  if (hasZodFastifySchemaValidationErrors(error))
    return reply.code(400).send(drfFieldErrors(error.validation));
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: { message: error.message, code: error.code } }, "public API request failed");
    return reply.code(status).send({ detail: GENERIC_ERROR });
  }
  return reply.code(status).send({ detail: error.message });
}

/** Form bodies are bounded before they are parsed: parts (or pairs) and each field's length (docs/security.md). */
export const MAX_FORM_FIELDS = 100;
export const MAX_FORM_FIELD_BYTES = 64 * 1024;

function formError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/** How many times `needle` occurs in `haystack`, stopping once it passes `max` (a cheap scan, no parse). */
function countUpTo(haystack: Buffer, needle: Buffer, max: number): number {
  let n = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && n <= max;
    at = haystack.indexOf(needle, at + needle.length)
  )
    n++;
  return n;
}

/** A media type parameter: a token name, then a token or a quoted string without escapes. */
const MEDIA_PARAMETER = /^\s*;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)=(?:"([^"\\]*)"|([!#$%&'*+.^_`|~0-9A-Za-z-]+))/;
/** The boundary characters every multipart parser reads alike (RFC 2046 bchars without space, comma and the rest). */
const BOUNDARY_VALUE = /^[A-Za-z0-9'+_.-]{1,70}$/;

/**
 * The multipart boundary, read so that no parser can read another one: the header must be the media type and
 * well-formed parameters to its end, with exactly one `boundary` parameter (the word in no other value, not even
 * quoted) of plain boundary characters. Anything else is ambiguous (`x="; boundary=q"; boundary=z`,
 * `boundary=z, boundary=q`): the part count would use one boundary and the platform parser another.
 */
export function multipartBoundary(contentType: string): string | undefined {
  const type = /^\s*multipart\/form-data/i.exec(contentType);
  if (!type) return undefined;
  let rest = contentType.slice(type[0].length);
  const boundaries: string[] = [];
  while (rest.trim() !== "") {
    const param = MEDIA_PARAMETER.exec(rest);
    if (!param) return undefined;
    const value = param[2] ?? param[3] ?? "";
    if (param[1]?.toLowerCase() === "boundary") boundaries.push(value);
    else if (/boundary/i.test(value)) return undefined;
    rest = rest.slice(param[0].length);
  }
  const [boundary] = boundaries;
  return boundaries.length === 1 && boundary !== undefined && BOUNDARY_VALUE.test(boundary)
    ? boundary
    : undefined;
}

/** True for the body encodings the form parsers read (a form's credential must come in a header or the query). */
export function isFormBody(contentType: string | undefined): boolean {
  return /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType ?? "");
}

function addField(out: Record<string, string | string[]>, key: string, value: string): void {
  if (Buffer.byteLength(value, "utf8") > MAX_FORM_FIELD_BYTES)
    throw formError(413, `A form field is longer than ${MAX_FORM_FIELD_BYTES} bytes.`);
  const prev = out[key];
  out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
}

/** Form bodies (the QuickLink API posts multipart/form-data; some clients post urlencoded). */
export function installFormParsers(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 * 1024 },
    (_req, body, done) => {
      const text = body as string;
      if (countUpTo(Buffer.from(text), Buffer.from("&"), MAX_FORM_FIELDS) >= MAX_FORM_FIELDS)
        return done(formError(413, `Too many form fields (at most ${MAX_FORM_FIELDS}).`), undefined);
      try {
        const out: Record<string, string | string[]> = {};
        for (const [key, value] of new URLSearchParams(text)) addField(out, key, value);
        done(null, out);
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "buffer", bodyLimit: 5 * 1024 * 1024 },
    (req, body, done) => {
      const contentType = String(req.headers["content-type"]);
      const boundary = multipartBoundary(contentType);
      if (!boundary)
        return done(
          formError(
            400,
            "The multipart body needs exactly one plain boundary parameter in its Content-Type.",
          ),
          undefined,
        );
      // Counted before parsing: a body of 60,000 tiny parts is refused without building 60,000 fields.
      const parts = countUpTo(body as Buffer, Buffer.from(`--${boundary}`), MAX_FORM_FIELDS + 1) - 1;
      if (parts > MAX_FORM_FIELDS)
        return done(formError(413, `Too many form fields (at most ${MAX_FORM_FIELDS}).`), undefined);
      // The platform's own multipart parser (undici's Response.formData): text fields are kept, files dropped.
      new Response(body as Buffer, { headers: { "content-type": contentType } })
        .formData()
        .then((form) => {
          const out: Record<string, string | string[]> = {};
          for (const [key, value] of form.entries()) {
            if (typeof value !== "string") continue;
            addField(out, key, value);
          }
          done(null, out);
        })
        .catch((error: Error & { statusCode?: number }) => {
          error.statusCode ??= 400;
          done(error, undefined);
        });
    },
  );
}
