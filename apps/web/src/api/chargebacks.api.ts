import type { ChargebackStatus, chargebacksApi, EvidenceUpload } from "@portal/domain/api/chargebacks";
import type { ApiRoutes } from "@portal/domain/api/index";
import type { AnswerOf } from "@portal/domain/contract";
import { callTarget } from "@portal/domain/paths";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";
import { downloadFile } from "./exports.api.ts";

/** Chargebacks (contract: packages/domain/src/api/chargebacks.ts): list, details, accept, evidence. */
export type ChargebackList = AnswerOf<typeof chargebacksApi.list>;
export type ChargebackItem = ChargebackList["results"][number];
export type ChargebackDetails = AnswerOf<typeof chargebacksApi.details>;

export interface ChargebackFilters {
  isLive: boolean;
  page: number;
  pageSize: number;
  status?: ChargebackStatus | undefined;
}

export const chargebackKeys = {
  all: ["chargebacks"] as const,
  list: (f: ChargebackFilters) => [...chargebackKeys.all, "list", f] as const,
  detail: (id: number) => [...chargebackKeys.all, "detail", id] as const,
};

export function useChargebacks(f: ChargebackFilters) {
  return useQuery({
    queryKey: chargebackKeys.list(f),
    queryFn: ({ signal }) =>
      call(
        "GET /api/chargebacks",
        {
          query: {
            is_live: f.isLive ? "true" : "false",
            page: f.page,
            page_size: f.pageSize,
            ...(f.status ? { status: f.status } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useChargeback(id: number) {
  return useQuery({
    queryKey: chargebackKeys.detail(id),
    queryFn: ({ signal }) => call("GET /api/chargebacks/:id", { params: { id } }, { signal }),
  });
}

function useAnswer<V>(fn: (v: V) => Promise<ChargebackDetails>, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (details) => {
      client.setQueryData(chargebackKeys.detail(id), details);
      void client.invalidateQueries({ queryKey: [...chargebackKeys.all, "list"] });
    },
    // The details page shows the refusals (deadline passed, already answered, bad file) itself.
    meta: { handlesErrors: true },
  });
}

export function useAcceptChargeback(id: number) {
  return useAnswer(() => call("POST /api/chargebacks/:id/accept", { params: { id } }), id);
}

export function useSubmitEvidence(id: number) {
  return useAnswer(
    (body: EvidenceUpload) => call("POST /api/chargebacks/:id/evidence", { params: { id }, body }),
    id,
  );
}

const FILE = "GET /api/chargebacks/:id/evidence/:file_id" satisfies keyof ApiRoutes;

export async function downloadEvidence(id: number, fileId: number, name: string): Promise<void> {
  await downloadFile(callTarget(FILE, { params: { id, file_id: fileId } }).url, name);
}

/** A picked file as the evidence route takes it: its name and its bytes in base64. */
export async function evidenceFile(file: File): Promise<{ name: string; content_base64: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name.slice(0, 200), content_base64: btoa(binary) };
}
