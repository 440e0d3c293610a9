/**
 * The invoices list's filters in the URL (with page and page_size, lib/tableSearch.ts): the paid / unpaid status
 * and the search text. Kept free of zod and React: router.tsx imports it.
 */
export const INVOICE_FILTERS = ["status", "search"] as const;
