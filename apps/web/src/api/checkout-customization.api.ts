import type {
  CheckoutCustomizationInput,
  checkoutCustomizationApi,
} from "@portal/domain/api/checkout-customization";
import type { AnswerOf } from "@portal/domain/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, uploadFile } from "./client.ts";

/** Checkout customization (contract: packages/domain/src/api/checkout-customization.ts; docs/settings.md). */
export type CheckoutCustomization = AnswerOf<typeof checkoutCustomizationApi.show>;
export type UploadedLogo = AnswerOf<typeof checkoutCustomizationApi.logo>;

export const checkoutCustomizationKeys = { all: ["checkout-customization"] as const };

export function useCheckoutCustomization() {
  return useQuery({
    queryKey: checkoutCustomizationKeys.all,
    queryFn: ({ signal }) => call("GET /api/checkout-customization", {}, { signal }),
  });
}

export function useSaveCheckoutCustomization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutCustomizationInput) => call("PUT /api/checkout-customization", { body }),
    onSuccess: (saved) => client.setQueryData(checkoutCustomizationKeys.all, saved),
  });
}

/**
 * Uploads the checkout's logo (POST /api/checkout-customization/logo, multipart): the server checks it by content
 * and answers its id and address, or a 400/413 with the reason's code (image_type, image_too_large_logo, ...).
 */
export async function uploadCheckoutLogo(file: File): Promise<UploadedLogo> {
  return uploadFile<UploadedLogo>("/api/checkout-customization/logo", file);
}
