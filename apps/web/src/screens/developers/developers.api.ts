import type { TestClock } from "@portal/domain/api/test-clock";
import type { TestDeliveries, TestDelivery } from "@portal/domain/api/test-helpers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/client.ts";

/**
 * The Developers page's data (contracts: packages/domain/src/api/test-helpers.ts and test-clock.ts): the test
 * clock and the recent test-mode callback deliveries, always of the test mode.
 */
export type { TestClock, TestDeliveries, TestDelivery };

export const developerKeys = {
  clock: ["developers", "clock"] as const,
  deliveries: ["developers", "deliveries"] as const,
};

export function useTestClock(enabled: boolean) {
  return useQuery({
    queryKey: developerKeys.clock,
    queryFn: ({ signal }) => call("GET /api/test-clock", {}, { signal }),
    enabled,
    retry: false,
  });
}

export function useTestDeliveries(enabled: boolean) {
  return useQuery({
    queryKey: developerKeys.deliveries,
    queryFn: ({ signal }) => call("GET /api/test-helpers/deliveries", {}, { signal }),
    enabled,
    retry: false,
  });
}

export type ClockMove =
  | { kind: "advance"; seconds: number }
  | { kind: "set"; now: string }
  | { kind: "reset" };

export function useMoveClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: ClockMove) =>
      move.kind === "advance"
        ? call("POST /api/test-clock/advance", { body: { seconds: move.seconds } })
        : move.kind === "set"
          ? call("PUT /api/test-clock", { body: { now: move.now } })
          : call("DELETE /api/test-clock"),
    onSuccess: async (clock) => {
      client.setQueryData(developerKeys.clock, clock);
      // Advancing runs the merchant's due test work (retries pulled forward): the deliveries change too.
      await client.invalidateQueries({ queryKey: developerKeys.deliveries });
    },
  });
}

export function useReplayDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call("POST /api/test-helpers/deliveries/:id/replay", { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: developerKeys.deliveries });
    },
  });
}

export function useCancelPending() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call("POST /api/test-helpers/pending/:id/cancel", { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: developerKeys.deliveries });
    },
  });
}
