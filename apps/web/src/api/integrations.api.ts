import type { AnswerOf, Integration, integrationsApi, NewIntegration } from "@portal/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The payment integrations (contract: packages/domain/src/api/integrations.ts). */
export type { Integration };
export type IntegrationList = AnswerOf<typeof integrationsApi.list>;
type IntegrationAnswer = AnswerOf<typeof integrationsApi.editCallbacks>;

/** What the add form sends: the contract's body without the fields the form does not choose. */
export type NewIntegrationValues = Pick<
  NewIntegration,
  "name" | "type" | "currency" | "is_live" | "processed_callback_url" | "response_callback_url"
>;

export interface CallbackUrls {
  processed_callback_url: string;
  response_callback_url: string;
}

export const integrationKeys = {
  all: ["integrations"] as const,
  lists: () => [...integrationKeys.all, "list"] as const,
  list: (isLive: boolean, page: number, pageSize: number) =>
    [...integrationKeys.lists(), isLive, page, pageSize] as const,
  detail: (id: number) => [...integrationKeys.all, "detail", id] as const,
};

/** The list query of one page of the current mode. */
export function integrationListQuery(isLive: boolean, page: number, pageSize: number) {
  return { is_live: isLive ? "true" : "false", page, page_size: pageSize } as const;
}

export function useIntegrationList(isLive: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: integrationKeys.list(isLive, page, pageSize),
    queryFn: ({ signal }) =>
      call("GET /api/integrations", { query: integrationListQuery(isLive, page, pageSize) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIntegration(id: number | null) {
  return useQuery({
    queryKey: integrationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call("GET /api/integrations/:id", { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

/** Empty optional urls are left out of the request (the server treats them as "none"). */
export function newIntegrationBody(values: NewIntegrationValues): NewIntegrationValues {
  const body: NewIntegrationValues = { name: values.name.trim(), type: values.type, is_live: values.is_live };
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
    mutationFn: (values: NewIntegrationValues) =>
      call("POST /api/integrations", { body: newIntegrationBody(values) }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: integrationKeys.lists() });
    },
  });
}

function useIntegrationUpdate<V>(id: number, send: (values: V) => Promise<IntegrationAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      client.setQueryData(integrationKeys.detail(id), answer.integration);
      await client.invalidateQueries({ queryKey: integrationKeys.lists() });
    },
  });
}

export function useEditCallbacks(id: number) {
  return useIntegrationUpdate(id, (values: CallbackUrls) =>
    call("PATCH /api/integrations/:id/callbacks", {
      params: { id },
      body: {
        processed_callback_url: values.processed_callback_url.trim(),
        response_callback_url: values.response_callback_url.trim(),
      },
    }),
  );
}

export function useAutoRetrial(id: number) {
  return useIntegrationUpdate(id, (enabled: boolean) =>
    call("PUT /api/integrations/:id/auto_callback_retrial", { params: { id }, body: { enabled } }),
  );
}

export function useFrameOrigins(id: number) {
  return useIntegrationUpdate(id, (origins: string[]) =>
    call("PUT /api/integrations/:id/frame_origins", { params: { id }, body: { frame_origins: origins } }),
  );
}
