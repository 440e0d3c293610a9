import type { ApiRoutes } from "@portal/domain/api/index";
import type {
  AddMerchantBody,
  FullEditBody,
  MerchantDetails,
  ProductApprovalBody,
} from "@portal/domain/api/merchants";
import type { CallInput } from "@portal/domain/contract";
import { callTarget } from "@portal/domain/paths";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The bank's back-office on its merchants (contracts: packages/domain/src/api/merchants.ts). */
export const merchantKeys = {
  all: ["merchants"] as const,
  list: (query: string) => [...merchantKeys.all, "list", query] as const,
  overview: (stage: string) => [...merchantKeys.all, "overview", stage] as const,
  detail: (id: number) => [...merchantKeys.all, "detail", id] as const,
};

export type MerchantListQuery = NonNullable<CallInput<ApiRoutes["GET /api/bank/merchants"]>["query"]>;

export function useMerchantList(query: MerchantListQuery) {
  const key = JSON.stringify(query);
  return useQuery({
    queryKey: merchantKeys.list(key),
    queryFn: ({ signal }) => call("GET /api/bank/merchants", { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type PartnerMerchantQuery = NonNullable<CallInput<ApiRoutes["GET /api/partner/merchants"]>["query"]>;

/** A partner's own merchants (docs/backoffice.md "Partners"). */
export function usePartnerMerchants(query: PartnerMerchantQuery) {
  const key = JSON.stringify(query);
  return useQuery({
    queryKey: [...merchantKeys.all, "partner", key] as const,
    queryFn: ({ signal }) => call("GET /api/partner/merchants", { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMerchantOverview(stage: MerchantListQuery["stage"]) {
  return useQuery({
    queryKey: merchantKeys.overview(stage ?? ""),
    queryFn: ({ signal }) =>
      call("GET /api/bank/merchants/overview", { query: stage ? { stage } : {} }, { signal }),
  });
}

export function useMerchantDetails(id: number) {
  return useQuery({
    queryKey: merchantKeys.detail(id),
    queryFn: ({ signal }) => call("GET /api/bank/merchants/:id", { params: { id } }, { signal }),
  });
}

/** Every action answers the merchant's new details: they replace the cached ones, and the lists refresh. */
function useMerchantAction<V>(id: number, run: (vars: V) => Promise<MerchantDetails>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (details) => {
      client.setQueryData(merchantKeys.detail(id), details);
      await client.invalidateQueries({ queryKey: [...merchantKeys.all, "list"] });
      await client.invalidateQueries({ queryKey: [...merchantKeys.all, "overview"] });
    },
    // The dialogs show the refusals they expect (409: can't activate, not allowed) themselves.
    meta: { handlesErrors: true },
  });
}

export function useMerchantActions(id: number) {
  const params = { id };
  return {
    approve: useMerchantAction(id, (body: { reason: string }) =>
      call("POST /api/bank/merchants/:id/approve", { params, body }),
    ),
    reject: useMerchantAction(
      id,
      (body: CallInput<ApiRoutes["POST /api/bank/merchants/:id/reject"]>["body"]) =>
        call("POST /api/bank/merchants/:id/reject", { params, body }),
    ),
    deactivate: useMerchantAction(id, (body: { reason: string }) =>
      call("POST /api/bank/merchants/:id/deactivate", { params, body }),
    ),
    documents: useMerchantAction(id, (body: { received: boolean }) =>
      call("POST /api/bank/merchants/:id/documents-received", { params, body }),
    ),
    suspicious: useMerchantAction(
      id,
      (body: CallInput<ApiRoutes["POST /api/bank/merchants/:id/suspicious"]>["body"]) =>
        call("POST /api/bank/merchants/:id/suspicious", { params, body }),
    ),
    cardApproval: useMerchantAction(id, (body: ProductApprovalBody) =>
      call("POST /api/bank/merchants/:id/card-approval", { params, body }),
    ),
    qrApproval: useMerchantAction(id, (body: ProductApprovalBody) =>
      call("POST /api/bank/merchants/:id/qr-approval", { params, body }),
    ),
    comment: useMerchantAction(id, (body: { content: string }) =>
      call("POST /api/bank/merchants/:id/comments", { params, body }),
    ),
    edit: useMerchantAction(id, (body: CallInput<ApiRoutes["PATCH /api/bank/merchants/:id"]>["body"]) =>
      call("PATCH /api/bank/merchants/:id", { params, body }),
    ),
    bankAccount: useMerchantAction(id, (body: { bank_account: string }) =>
      call("PUT /api/bank/merchants/:id/bank-account", { params, body }),
    ),
    fee: useMerchantAction(id, (body: { fee_id: number }) =>
      call("PUT /api/bank/merchants/:id/fee", { params, body }),
    ),
    fullEdit: useMerchantAction(id, (body: FullEditBody) =>
      call("PUT /api/bank/merchants/:id/full-edit", { params, body }),
    ),
  };
}

export function useAddMerchant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMerchantBody) => call("POST /api/bank/merchants", { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: merchantKeys.all });
    },
    meta: { handlesErrors: true },
  });
}

/** Files, not JSON: the addresses of the document and sheet routes, opened or fetched by the browser. */
export const documentUrl = (id: number, documentId: number, download = false) =>
  callTarget("GET /api/bank/merchants/:id/documents/:documentId", {
    params: { id, documentId },
    query: { download },
  }).url;

export const sheetUrl = (id: number) =>
  callTarget("GET /api/bank/merchants/:id/sheet", { params: { id } }).url;
