import type { WalkthroughState, walkthroughApi } from "@portal/domain/api/walkthrough";
import type { AnswerOf } from "@portal/domain/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/**
 * The checkout integration walkthrough (contract: packages/domain/src/api/walkthrough.ts). Every change answers
 * the new state, which replaces the cached one; while the test payment is awaited the state is polled.
 */
export type { WalkthroughState };
export type WalkthroughSummary = AnswerOf<typeof walkthroughApi.summary>;
export interface MoveBody {
  view: "test" | "live" | "integrate";
  test_step?: number;
}

/** How often the screen asks whether the test payment arrived. */
export const WALKTHROUGH_POLL_MS = 3000;

export const walkthroughKeys = {
  all: ["checkout-walkthrough"] as const,
  state: () => [...walkthroughKeys.all, "state"] as const,
  summary: (isLive: boolean) => [...walkthroughKeys.all, "summary", isLive] as const,
};

export function useWalkthrough() {
  return useQuery({
    queryKey: walkthroughKeys.state(),
    queryFn: ({ signal }) => call("GET /api/checkout-walkthrough", {}, { signal }),
    refetchInterval: (query) =>
      query.state.data?.view === "test" && !query.state.data.test_completed ? WALKTHROUGH_POLL_MS : false,
  });
}

export function useWalkthroughSummary(isLive: boolean, enabled: boolean) {
  return useQuery({
    queryKey: walkthroughKeys.summary(isLive),
    queryFn: ({ signal }) =>
      call("GET /api/checkout-walkthrough/summary", { query: { is_live: isLive } }, { signal }),
    enabled,
  });
}

function useChange<V>(fn: (v: V) => Promise<WalkthroughState>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (state) => {
      client.setQueryData(walkthroughKeys.state(), state);
      void client.invalidateQueries({ queryKey: [...walkthroughKeys.all, "summary"] });
    },
  });
}

export const useStartWalkthrough = () =>
  useChange((guided: boolean) => call("POST /api/checkout-walkthrough/start", { body: { guided } }));
export const useMoveWalkthrough = () =>
  useChange((to: MoveBody) => call("POST /api/checkout-walkthrough/move", { body: to }));
export const useCompleteWalkthrough = () =>
  useChange(() => call("POST /api/checkout-walkthrough/complete", {}));
export const useStartOver = () => useChange(() => call("POST /api/checkout-walkthrough/start-over", {}));
