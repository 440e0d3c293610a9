import type { StoredImage } from "@portal/domain/api/images";
import type { BrandingBody, CompanyBody, MerchantProfile } from "@portal/domain/api/profile";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";
import { uploadLinkImage } from "./payment-links.api.ts";

/** Profile and settings (contract: packages/domain/src/api/profile.ts; docs/settings.md). */
export type { MerchantProfile };

export const profileKeys = {
  all: ["profile"] as const,
};

export function useMerchantProfile() {
  return useQuery({
    queryKey: profileKeys.all,
    queryFn: ({ signal }) => call("GET /api/merchant/profile", {}, { signal }),
  });
}

/** A change of the profile: the answer is the fresh profile; the form shows its own refusals. */
function useProfileChange<V>(fn: (v: V) => Promise<MerchantProfile>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (profile) => client.setQueryData(profileKeys.all, profile),
    meta: { handlesErrors: true },
  });
}

export function useSaveCompany() {
  return useProfileChange((body: CompanyBody) => call("PUT /api/merchant/profile/company", { body }));
}

export function useSaveBranding() {
  return useProfileChange((body: BrandingBody) => call("PUT /api/merchant/profile/branding", { body }));
}

export function useSaveNotifications() {
  return useProfileChange((body: { enabled: boolean; password: string }) =>
    call("PUT /api/merchant/profile/notifications", { body }),
  );
}

/** Uploads the logo (checked by content on the server: PNG or JPEG, at most 1 MB), then makes it the logo. */
export function useSaveLogo() {
  return useProfileChange(async (file: File) => {
    const image: StoredImage = await uploadLinkImage(file, "logo");
    return call("PUT /api/merchant/profile/logo", { body: { image_id: image.id } });
  });
}

export function useSubmitContract() {
  return useProfileChange((body: { name: string; content_base64: string }) =>
    call("POST /api/merchant/profile/contract", { body }),
  );
}

/** A picked file as the contract route takes it: its name and its bytes in base64. */
export async function fileAsBase64(file: File): Promise<{ name: string; content_base64: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name.slice(0, 200), content_base64: btoa(binary) };
}

/** Where the submitted contract opens (the merchant's own documents route). */
export const contractUrl = (documentId: number) => `/api/merchant/documents/${documentId}`;
