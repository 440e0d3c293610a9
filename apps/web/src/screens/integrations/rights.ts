import { useDashboard } from "../../layouts/useDashboard.ts";

/** Who may do what on the integrations screens; partners are exempt from permissions (spec section 4). */
export function useIntegrationRights() {
  const { session } = useDashboard();
  const has = (name: string) => session.type === "Partner" || session.permNames.includes(name);
  return {
    canCreate: has("can create payment integration"),
    canUpdate: has("can update payment integration"),
  };
}
