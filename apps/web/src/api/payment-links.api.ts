import type { AnswerOf, LinkCreateBody, LinkDisplayState, paymentLinksApi } from "@portal/domain";
import type { ImagePurpose, StoredImage } from "@portal/domain/api/images";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, uploadFile } from "./client.ts";

/** The merchant's payment links (contract: packages/domain/src/api/payment-links.ts). */
export type PaymentLink = AnswerOf<typeof paymentLinksApi.list>["results"][number];
export type PaymentLinkDetails = AnswerOf<typeof paymentLinksApi.details>;
export type PaymentLinkOptions = AnswerOf<typeof paymentLinksApi.options>;
export type { LinkCreateBody };

export interface LinkListParams {
  isLive: boolean;
  page: number;
  pageSize: number;
  status?: LinkDisplayState | undefined;
  search?: string | undefined;
}

export const paymentLinkKeys = {
  all: ["payment-links"] as const,
  lists: () => [...paymentLinkKeys.all, "list"] as const,
  list: (p: LinkListParams) =>
    [...paymentLinkKeys.lists(), p.isLive, p.page, p.pageSize, p.status ?? "", p.search ?? ""] as const,
  detail: (id: number) => [...paymentLinkKeys.all, "detail", id] as const,
  options: (isLive: boolean) => [...paymentLinkKeys.all, "options", isLive] as const,
};

export function usePaymentLinkList(p: LinkListParams) {
  return useQuery({
    queryKey: paymentLinkKeys.list(p),
    queryFn: ({ signal }) =>
      call(
        "GET /api/payment-links",
        {
          query: {
            is_live: p.isLive ? "true" : "false",
            page: p.page,
            page_size: p.pageSize,
            ...(p.status ? { status: p.status } : {}),
            ...(p.search ? { search: p.search } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentLink(id: number | null) {
  return useQuery({
    queryKey: paymentLinkKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call("GET /api/payment-links/:id", { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function usePaymentLinkOptions(isLive: boolean) {
  return useQuery({
    queryKey: paymentLinkKeys.options(isLive),
    queryFn: ({ signal }) =>
      call("GET /api/payment-links/options", { query: { is_live: isLive ? "true" : "false" } }, { signal }),
  });
}

export function useCreatePaymentLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkCreateBody) => call("POST /api/payment-links", { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: paymentLinkKeys.lists() });
    },
  });
}

/** Cancel or disable a link; both refresh the list and the link's details. */
export function usePaymentLinkAction(action: "cancel" | "disable") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      action === "cancel"
        ? call("POST /api/payment-links/:id/cancel", { params: { id } })
        : call("POST /api/payment-links/:id/disable", { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: paymentLinkKeys.all });
    },
  });
}

/**
 * Uploads a business logo or product image to the image store (POST /api/images, multipart): the server checks it
 * by content and answers its id, or a 400/413 with the reason's code (image_type, image_too_large_logo, ...).
 */
export async function uploadLinkImage(file: File, purpose: ImagePurpose): Promise<StoredImage> {
  return uploadFile<StoredImage>(`/api/images?purpose=${purpose}`, file);
}
