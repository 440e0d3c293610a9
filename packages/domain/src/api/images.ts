import { z } from "zod";
import { errorResponseSchema, route } from "../contract.ts";

/**
 * Uploaded images (issue 13 item 8): business logos and product images, stored in the database and checked by
 * their content (PNG or JPEG by magic bytes and structure, never by name or declared type). The image itself is
 * public under an unguessable id, because the customer pages show it.
 */

/** What an image may be for, and so its size limit: a logo at most 1 MB (merchant-dashboard.md section 9). */
export const IMAGE_PURPOSES = ["logo", "product"] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];
export const IMAGE_MAX_BYTES: Record<ImagePurpose, number> = { logo: 1024 * 1024, product: 4 * 1024 * 1024 };
/** The one image id shape: 32 lower-case hex digits (128 random bits). */
export const IMAGE_ID_PATTERN = /^[0-9a-f]{32}$/;

/** The refusals of an upload, by code (the dashboard shows them in the user's language). */
export const IMAGE_ERRORS = {
  image_type: "The uploaded file type is not accepted please upload a valid image.",
  image_too_large_logo: "Max size is 1MB.",
  image_too_large_product: "Max size is 4MB.",
  image_empty: "The uploaded file is empty.",
  image_name: "The file name is not accepted. Please rename the file and try again.",
  image_missing: "Choose an image to upload.",
} as const;
export type ImageErrorCode = keyof typeof IMAGE_ERRORS;

export const imageSchema = z.object({
  id: z.string(),
  content_type: z.enum(["image/png", "image/jpeg"]),
  size_bytes: z.number().int(),
  sha256: z.string(),
  /** Where the image is served: /api/images/{id}. */
  url: z.string(),
});
export type StoredImage = z.infer<typeof imageSchema>;

const TAGS = ["Images"] as const;

export const imagesApi = {
  upload: route({
    method: "POST",
    path: "/api/images",
    // Shared by the payment links (their logo) and the products (their images): either feature's writers.
    access: { permission: ["can create quick links", "can create products", "can update products"] },
    tags: TAGS,
    summary: "Upload a logo or product image (multipart/form-data, one part named file)",
    description:
      "PNG or JPEG only, checked by content; a logo at most 1 MB, a product image at most 4 MB. Anything else: 400 with the reason (image_type, image_too_large_logo, image_too_large_product, image_empty, image_name, image_missing) and nothing stored.",
    query: z.object({ purpose: z.enum(IMAGE_PURPOSES).default("logo") }),
    answers: { 201: imageSchema, 400: errorResponseSchema, 413: errorResponseSchema },
  }),
  /** The image's bytes with their true type, not JSON. */
  show: route({
    method: "GET",
    path: "/api/images/:id",
    access: { public: true },
    tags: TAGS,
    summary: "An uploaded image, with its true content type and nosniff",
    params: z.object({ id: z.string().regex(IMAGE_ID_PATTERN) }),
    answers: { 404: errorResponseSchema },
  }),
} as const;
