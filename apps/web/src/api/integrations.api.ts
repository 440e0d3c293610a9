import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";

/** The payment integration of GET /api/integrations (apps/server/src/integrations/integrations.routes.ts). */
export interface Integration {
  id: number;
  name: string;
  type: string;
  gateway_type: string;
  currency: string;
  is_live: boolean;
  status: "Active" | "Inactive";
  is_shopify: boolean;
  is_auth: boolean;
  created_at: string;
  processed_callback_url: string | null;
  response_callback_url: string | null;
  auto_callback_retrial: boolean;
  onboarding_status: string;
  /** https origins whose pages may frame this integration's hosted checkout (besides the portal). */
  frame_origins: string[];
}

export interface IntegrationList {
  count: number;
  page: number;
  page_size: number;
  results: Integration[];
}

export interface NewIntegration {
  name: string;
  type: string;
  currency?: string;
  is_live: boolean;
  processed_callback_url?: string;
  response_callback_url?: string;
}

export interface CallbackUrls {
  processed_callback_url: string;
  response_callback_url: string;
}

export type IntegrationAnswer = { detail: string; integration: Integration };

export const integrationKeys = {
  all: ["integrations"] as const,
  lists: () => [...integrationKeys.all, "list"] as const,
  list: (isLive: boolean, page: number, pageSize: number) =>
    [...integrationKeys.lists(), isLive, page, pageSize] as const,
  detail: (id: number) => [...integrationKeys.all, "detail", id] as const,
};

export function integrationListPath(isLive: boolean, page: number, pageSize: number): string {
  const params = new URLSearchParams({
    is_live: String(isLive),
    page: String(page),
    page_size: String(pageSize),
  });
  return `/api/integrations?${params}`;
}

export function useIntegrationList(isLive: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: integrationKeys.list(isLive, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<IntegrationList>(integrationListPath(isLive, page, pageSize), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIntegration(id: number | null) {
  return useQuery({
    queryKey: integrationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Integration>(`/api/integrations/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Empty optional urls are left out of the request (the server treats them as "none"). */
export function newIntegrationBody(values: NewIntegration): NewIntegration {
  const body: NewIntegration = { name: values.name.trim(), type: values.type, is_live: values.is_live };
  if (values.currency) body.currency = values.currency;
  const processed = values.processed_callback_url?.trim();
  const response = values.response_callback_url?.trim();
  if (processed) body.processed_callback_url = processed;
  if (response) body.response_callback_url = response;
  return body;
}

export function useAddIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: NewIntegration) =>
      api.post<IntegrationAnswer>("/api/integrations", newIntegrationBody(values)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: integrationKeys.lists() });
    },
  });
}

function useIntegrationUpdate<V>(id: number, call: (values: V) => Promise<IntegrationAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      client.setQueryData(integrationKeys.detail(id), answer.integration);
      await client.invalidateQueries({ queryKey: integrationKeys.lists() });
    },
  });
}

export function useEditCallbacks(id: number) {
  return useIntegrationUpdate(id, (values: CallbackUrls) =>
    api.patch<IntegrationAnswer>(`/api/integrations/${id}/callbacks`, {
      processed_callback_url: values.processed_callback_url.trim(),
      response_callback_url: values.response_callback_url.trim(),
    }),
  );
}

export function useAutoRetrial(id: number) {
  return useIntegrationUpdate(id, (enabled: boolean) =>
    api.put<IntegrationAnswer>(`/api/integrations/${id}/auto_callback_retrial`, { enabled }),
  );
}

export function useFrameOrigins(id: number) {
  return useIntegrationUpdate(id, (origins: string[]) =>
    api.put<IntegrationAnswer>(`/api/integrations/${id}/frame_origins`, { frame_origins: origins }),
  );
}
