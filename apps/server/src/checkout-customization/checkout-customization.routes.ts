import { checkoutCustomizationApi } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import { installImageParser, uploadOf } from "../images/images.routes.ts";
import { storeImage } from "../images/images.service.ts";
import { customizationOf, languageOf, saveCustomization } from "./checkout-customization.service.ts";

/**
 * Checkout customization (issue 18 item 5; contracts: packages/domain/src/api/checkout-customization.ts): the
 * merchant's own row only, read with the view permission and written with the update permission of payment
 * integrations. The logo is uploaded here (checked by content, at most 1 MB) and saved by its id.
 */
export async function checkoutCustomizationRoutes(app: FastifyInstance): Promise<void> {
  const db = app.deps.database.db;
  installImageParser(app);

  implement(app, checkoutCustomizationApi.show, async (request) =>
    customizationOf(db, requireMerchantId(request)),
  );

  implement(app, checkoutCustomizationApi.save, async (request) => {
    const merchantId = requireMerchantId(request);
    const user = requireUser(request);
    return saveCustomization(
      db,
      merchantId,
      user.id,
      request.body,
      languageOf(request.headers["accept-language"]),
    );
  });

  implement(app, checkoutCustomizationApi.logo, async (request, reply) => {
    const merchantId = requireMerchantId(request);
    const upload = uploadOf(request);
    if (!upload.file || upload.files !== 1)
      throw new HttpError(400, "image_missing", "Choose an image to upload.", {
        file: ["Choose an image to upload."],
      });
    const image = await storeImage(db, merchantId, upload.file, "logo");
    return reply.code(201).send({ id: image.id, url: image.url });
  });
}
