import { useDashboard } from "../../layouts/useDashboard.ts";

/** Who may do what on the payment links screens; partners are exempt from permissions (spec section 4). */
export function useLinkRights() {
  const { session } = useDashboard();
  const has = (name: string) => session.type === "Partner" || session.permNames.includes(name);
  return { canCreate: has("can create quick links") };
}
