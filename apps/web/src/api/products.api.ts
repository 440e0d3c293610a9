import type { AnswerOf, ProductInput, productsApi } from "@portal/domain";
import type { StoredImage } from "@portal/domain/api/images";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, uploadFile } from "./client.ts";

/** The merchant's products (contract: packages/domain/src/api/products.ts; docs/selling.md "Products"). */
export type Product = AnswerOf<typeof productsApi.details>;
export type ProductList = AnswerOf<typeof productsApi.list>;
export type { ProductInput };

export const productKeys = {
  all: ["products"] as const,
  lists: () => [...productKeys.all, "list"] as const,
  list: (isLive: boolean, page: number, pageSize: number) =>
    [...productKeys.lists(), isLive, page, pageSize] as const,
  detail: (id: number) => [...productKeys.all, "detail", id] as const,
};

export function useProductList(isLive: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: productKeys.list(isLive, page, pageSize),
    queryFn: ({ signal }) =>
      call(
        "GET /api/products",
        { query: { is_live: isLive ? "true" : "false", page, page_size: pageSize } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call("GET /api/products/:id", { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function useSaveProduct(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductInput) =>
      id === null
        ? call("POST /api/products", { body })
        : call("PUT /api/products/:id", { params: { id }, body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call("DELETE /api/products/:id", { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

/**
 * Uploads a product image to the image store (POST /api/images?purpose=product, multipart): the server checks it
 * by content and answers its id, or a 400 with the reason's code.
 */
export async function uploadProductImage(file: File): Promise<StoredImage> {
  return uploadFile<StoredImage>("/api/images?purpose=product", file);
}
