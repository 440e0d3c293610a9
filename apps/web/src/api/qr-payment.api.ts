import type { ApiRoutes } from "@portal/domain/api/index";
import type { AnswerOf } from "@portal/domain/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { call } from "./client.ts";

/** QR Code Payment: setup, create and Check Status (contracts: packages/domain/src/api/qr-payment.ts). */

export type QrPayment = AnswerOf<ApiRoutes["POST /api/qr-payments"]>;
export type QrStatus = AnswerOf<ApiRoutes["GET /api/qr-payments/:id"]>;

export const qrKeys = {
  all: ["qr-payments"] as const,
  setup: (isLive: boolean) => [...qrKeys.all, "setup", isLive] as const,
};

export function useQrSetup(isLive: boolean) {
  return useQuery({
    queryKey: qrKeys.setup(isLive),
    queryFn: ({ signal }) => call("GET /api/qr-payments/setup", { query: { is_live: isLive } }, { signal }),
  });
}

export function useCreateQrPayment() {
  return useMutation({
    mutationFn: (body: { amount: string; is_live: boolean }) => call("POST /api/qr-payments", { body }),
    // The screen shows the spec's 'SomeThing Went Wrong Please Try Again' itself.
    meta: { handlesErrors: true },
  });
}

/** Check Status: asked when the merchant presses the button (not polled: the spec's flow is a button). */
export function useCheckQrStatus() {
  return useMutation({
    mutationFn: (id: number) => call("GET /api/qr-payments/:id", { params: { id } }),
    meta: { handlesErrors: true },
  });
}
