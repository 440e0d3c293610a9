import type { ApiRoutes } from "@portal/domain/api/index";
import type { StatementFormat, StatementLanguage } from "@portal/domain/api/statements";
import { callTarget } from "@portal/domain/paths";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";
import { downloadFile } from "./exports.api.ts";

/** Monthly statements (docs/settings.md "Monthly statements"): the list, the downloads and the subscription. */

export const statementKeys = {
  all: ["statements"] as const,
  list: (page: number, pageSize: number) => [...statementKeys.all, "list", page, pageSize] as const,
  subscription: () => [...statementKeys.all, "subscription"] as const,
};

export function useStatements(page: number, pageSize: number) {
  return useQuery({
    queryKey: statementKeys.list(page, pageSize),
    queryFn: ({ signal }) =>
      call("GET /api/statements", { query: { page, page_size: pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStatementSubscription(enabled = true) {
  return useQuery({
    queryKey: statementKeys.subscription(),
    queryFn: ({ signal }) => call("GET /api/statements/subscription", {}, { signal }),
    enabled,
  });
}

export function useSetStatementSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => call("PUT /api/statements/subscription", { body: { active } }),
    onSuccess: (answer) => client.setQueryData(statementKeys.subscription(), answer),
  });
}

/** A file, not JSON: the address of the contract's download route, fetched by downloadFile. */
const DOWNLOAD = "GET /api/statements/:id/download" satisfies keyof ApiRoutes;
export const statementDownloadUrl = (id: number, format: StatementFormat, lang: StatementLanguage) =>
  callTarget(DOWNLOAD, { params: { id }, query: { format, lang } }).url;

/** Downloads a statement (its New marker goes on the server) and refreshes the list; a failure throws. */
export async function downloadStatement(
  id: number,
  format: StatementFormat,
  lang: StatementLanguage,
): Promise<void> {
  await downloadFile(statementDownloadUrl(id, format, lang), `statement-${id}.${format}`);
}
