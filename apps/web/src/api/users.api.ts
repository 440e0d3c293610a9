import type { AnswerOf, UserCreateInput, UserUpdateInput, usersApi } from "@portal/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The merchant's staff users (contract: packages/domain/src/api/users.ts; docs/settings.md "Users and permissions"). */
export type StaffUser = AnswerOf<typeof usersApi.details>;
export type StaffUserList = AnswerOf<typeof usersApi.list>;
export type { UserCreateInput, UserUpdateInput };

export const userKeys = {
  all: ["users"] as const,
  list: (page: number, pageSize: number, search: string | undefined) =>
    [...userKeys.all, "list", page, pageSize, search ?? ""] as const,
  detail: (id: number) => [...userKeys.all, "detail", id] as const,
};

export function useUserList(page: number, pageSize: number, search: string | undefined) {
  return useQuery({
    queryKey: userKeys.list(page, pageSize, search),
    queryFn: ({ signal }) =>
      call(
        "GET /api/users",
        { query: { page, page_size: pageSize, ...(search ? { search } : {}) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call("GET /api/users/:id", { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function useAddUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateInput) => call("POST /api/users", { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useUpdateUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateInput) => call("PATCH /api/users/:id", { params: { id }, body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call("DELETE /api/users/:id", { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useResendActivation() {
  return useMutation({
    mutationFn: (v: { id: number; lang: "en" | "ar" }) =>
      call("POST /api/users/:id/resend-activation", { params: { id: v.id }, body: { lang: v.lang } }),
  });
}

const quiet = { handleUnauthorized: false } as const;

/** The public activation page's calls. */
export const activationApi = {
  check: (token: string) => call("POST /api/auth/activate_staff/check", { body: { token } }, quiet),
  activate: (token: string, newPassword: string) =>
    call("POST /api/auth/activate_staff", { body: { token, new_password: newPassword } }, quiet),
};
