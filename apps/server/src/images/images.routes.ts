import { IMAGE_MAX_BYTES, imagesApi } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireMerchantId } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { MAX_FORM_FIELDS, multipartBoundary } from "../public-api/http.ts";
import { findImage } from "./images.repository.ts";
import { type ImageFile, storeImage } from "./images.service.ts";

/** The largest upload body: the largest image plus room for the multipart framing and a few small fields. */
export const IMAGE_BODY_LIMIT = IMAGE_MAX_BYTES.product + 64 * 1024;

/** What the multipart parser of this scope gives a handler: the one file part, if any. */
export interface ImageUpload {
  file?: ImageFile;
  files: number;
}

function uploadError(status: number, code: string, detail: string): Error {
  return new HttpError(status, code, detail);
}

/** How many times `needle` occurs in `haystack`, stopping past `max` (counted before the body is parsed). */
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

/**
 * Uploaded images (issue 13 item 8): POST /api/images takes multipart/form-data with one part named "file" and
 * stores it when images.service.ts finds it a PNG or JPEG within the size; GET /api/images/:id serves it with its
 * true type, nosniff and a CSP that runs nothing. The multipart parser is this scope's own: the public API's
 * drops file parts. It bounds the body (IMAGE_BODY_LIMIT) and the part count (MAX_FORM_FIELDS, docs/security.md)
 * before parsing; the auth hook has checked the session and CSRF token before any body is read.
 */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.deps.database.db;
  installImageParser(app);

  implement(app, imagesApi.upload, async (request, reply) => {
    const merchantId = requireMerchantId(request);
    const upload = uploadOf(request);
    if (!upload.file || upload.files !== 1)
      throw new HttpError(400, "image_missing", "Choose an image to upload.", {
        file: ["Choose an image to upload."],
      });
    const image = await storeImage(db, merchantId, upload.file, request.query.purpose);
    return reply.code(201).send(image);
  });

  implement(app, imagesApi.show, async (request, reply) => {
    const image = await findImage(db, request.params.id);
    if (!image) throw new HttpError(404, "not_found", "Not found.");
    return reply
      .header("content-type", image.content_type)
      .header("content-length", image.size_bytes)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header(
        "content-disposition",
        `inline; filename="image.${image.content_type === "image/png" ? "png" : "jpg"}"`,
      )
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(Buffer.from(image.bytes));
  });
}

/**
 * The image upload's multipart parser, for a plugin scope that takes one image (this one, and the checkout
 * customization's logo): the body and part count bounded before parsing, the one file part named "file".
 */
export function installImageParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "buffer", bodyLimit: IMAGE_BODY_LIMIT },
    (req, body, done) => {
      const contentType = String(req.headers["content-type"]);
      const boundary = multipartBoundary(contentType);
      if (!boundary)
        return done(
          uploadError(400, "validation", "The multipart body needs exactly one plain boundary parameter."),
          undefined,
        );
      const parts = countUpTo(body as Buffer, Buffer.from(`--${boundary}`), MAX_FORM_FIELDS + 1) - 1;
      if (parts > MAX_FORM_FIELDS)
        return done(
          uploadError(413, "validation", `Too many form fields (at most ${MAX_FORM_FIELDS}).`),
          undefined,
        );
      new Response(body as Buffer, { headers: { "content-type": contentType } })
        .formData()
        .then(async (form) => {
          const out: ImageUpload = { files: 0 };
          for (const [key, value] of form.entries()) {
            if (typeof value === "string") continue;
            out.files++;
            if (key === "file" && !out.file)
              out.file = {
                bytes: new Uint8Array(await value.arrayBuffer()),
                name: value.name,
                contentType: value.type,
              };
          }
          done(null, out);
        })
        .catch(() =>
          done(uploadError(400, "validation", "The multipart body could not be read."), undefined),
        );
    },
  );
}

/** The one image part of a request parsed by installImageParser: none when absent or with other parts. */
export function uploadOf(request: FastifyRequest): ImageUpload {
  const body = request.body as Partial<ImageUpload> | undefined;
  if (body && typeof body === "object" && typeof body.files === "number") return body as ImageUpload;
  return { files: 0 };
}
