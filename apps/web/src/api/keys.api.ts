import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";

/** GET /api/keys (apps/server/src/integrations/keys.routes.ts): hashed keys carry only their prefix (value null). */
export interface KeyView {
  prefix: string;
  value: string | null;
  created_at: string;
}
export interface ModeKeys {
  test: KeyView | null;
  live: KeyView | null;
}
export interface KeysAnswer {
  status: "Complete" | "Incomplete";
  api_key: KeyView | null;
  secret_keys: ModeKeys | null;
  public_keys: ModeKeys | null;
  hmac_secret: string | null;
  documentation_url: string;
}

export type KeyKind = "api" | "secret" | "public" | "hmac";
export interface RecreateAnswer {
  kind: KeyKind;
  is_live: boolean;
  value: string;
}

export const keyKeys = { all: ["api-keys"] as const };

export function useKeys() {
  return useQuery({
    queryKey: keyKeys.all,
    queryFn: ({ signal }) => api.get<KeysAnswer>("/api/keys", { signal }),
    retry: false,
  });
}

/** Recreates one key: the old one stops working at once; the new value is shown this once. */
export function useRecreateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: { kind: KeyKind; isLive: boolean }) =>
      api.post<RecreateAnswer>(`/api/keys/${target.kind}/recreate`, { is_live: target.isLive }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keyKeys.all });
    },
  });
}
