import type { AnswerOf, KeyView, keysApi, RecreatableKey } from "@portal/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The API keys screen (contract: packages/domain/src/api/keys.ts): hashed keys carry only their prefix. */
export type { KeyView };
export type KeyKind = RecreatableKey;
export type KeysAnswer = AnswerOf<typeof keysApi.keys>;

export const keyKeys = { all: ["api-keys"] as const };

export function useKeys() {
  return useQuery({
    queryKey: keyKeys.all,
    queryFn: ({ signal }) => call("GET /api/keys", {}, { signal }),
    retry: false,
  });
}

/** Recreates one key: the old one stops working at once; the new value is shown this once. */
export function useRecreateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: { kind: KeyKind; isLive: boolean }) =>
      call("POST /api/keys/:kind/recreate", {
        params: { kind: target.kind },
        body: { is_live: target.isLive },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keyKeys.all });
    },
  });
}
