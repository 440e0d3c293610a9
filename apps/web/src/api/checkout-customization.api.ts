import type {
  CheckoutCustomizationInput,
  checkoutCustomizationApi,
} from "@portal/domain/api/checkout-customization";
import type { AnswerOf } from "@portal/domain/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getCookie } from "../lib/cookies.ts";
import { CSRF_COOKIE, CSRF_HEADER, call } from "./client.ts";
import { ApiError, type ErrorBody } from "./errors.ts";

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
  const form = new FormData();
  form.append("file", file, file.name);
  const headers: Record<string, string> = { Accept: "application/json" };
  const csrf = getCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch("/api/checkout-customization/logo", {
      method: "POST",
      body: form,
      headers,
      credentials: "include",
    });
  } catch {
    throw new ApiError("network", 0, undefined);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) throw new ApiError("http", response.status, body as ErrorBody | undefined);
  return body as UploadedLogo;
}
