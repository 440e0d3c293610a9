import type { CustomerEdit, customersApi } from "@portal/domain/api/customers";
import type { AnswerOf } from "@portal/domain/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** Customers (contract: packages/domain/src/api/customers.ts): list, details, transactions, edit. */
export type CustomerList = AnswerOf<typeof customersApi.list>;
export type CustomerItem = CustomerList["results"][number];
export type CustomerDetails = AnswerOf<typeof customersApi.details>;
export type CustomerTransactions = AnswerOf<typeof customersApi.transactions>;
export type CustomerTransaction = CustomerTransactions["results"][number];

export interface CustomerFilters {
  page: number;
  pageSize: number;
  search?: string | undefined;
}

export const customerKeys = {
  all: ["customers"] as const,
  list: (f: CustomerFilters) => [...customerKeys.all, "list", f] as const,
  detail: (id: number) => [...customerKeys.all, "detail", id] as const,
  transactions: (id: number, page: number, pageSize: number) =>
    [...customerKeys.all, "transactions", id, page, pageSize] as const,
};

export function useCustomers(f: CustomerFilters) {
  return useQuery({
    queryKey: customerKeys.list(f),
    queryFn: ({ signal }) =>
      call(
        "GET /api/customers",
        { query: { page: f.page, page_size: f.pageSize, ...(f.search ? { search: f.search } : {}) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => call("GET /api/customers/:id", { params: { id } }, { signal }),
  });
}

export function useCustomerTransactions(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: customerKeys.transactions(id, page, pageSize),
    queryFn: ({ signal }) =>
      call(
        "GET /api/customers/:id/transactions",
        { params: { id }, query: { page, page_size: pageSize } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useEditCustomer(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerEdit) => call("PUT /api/customers/:id", { params: { id }, body }),
    onSuccess: (details) => {
      client.setQueryData(customerKeys.detail(id), details);
      void client.invalidateQueries({ queryKey: [...customerKeys.all, "list"] });
    },
    // The edit form shows the refusals (field messages, a taken e-mail or phone) itself.
    meta: { handlesErrors: true },
  });
}
