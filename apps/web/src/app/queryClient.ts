import { MutationCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "../api/errors.ts";
import { reportError } from "../api/reportError.ts";

/**
 * Server state of the signed-in screens. A failed mutation goes through the generic handler unless the
 * mutation says `meta: { handlesErrors: true }`; queries show their errors where their data would be.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, err) => !(isApiError(err) && err.status >= 400 && err.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => {
        if (mutation.meta?.handlesErrors) return;
        reportError(err);
      },
    }),
  });
}
