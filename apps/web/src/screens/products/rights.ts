import { useDashboard } from "../../layouts/useDashboard.ts";

/** Who may do what on the products screens; partners are exempt from permissions (spec section 4). */
export function useProductRights() {
  const { session } = useDashboard();
  const has = (name: string) => session.type === "Partner" || session.permNames.includes(name);
  return {
    canCreate: has("can create products"),
    canUpdate: has("can update products"),
    canDelete: has("can delete products"),
    /** Create Invoice opens the invoice form (invoices need "can create orders"). */
    canInvoice: has("can create orders"),
  };
}
