import { useDashboard } from "../../layouts/useDashboard.ts";

/** Who may create, edit, send and cancel requests to pay; partners are exempt from permissions (spec section 4). */
export function useRequestRights() {
  const { session } = useDashboard();
  const has = (name: string) => session.type === "Partner" || session.permNames.includes(name);
  return { canCreate: has("can create transactions") };
}
