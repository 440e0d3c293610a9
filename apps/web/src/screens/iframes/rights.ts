import { useDashboard } from "../../layouts/useDashboard.ts";

/** Who may do what on the iframes screen; partners are exempt from permissions (spec section 4). */
export function useIframeRights() {
  const { session } = useDashboard();
  const has = (name: string) => session.type === "Partner" || session.permNames.includes(name);
  return {
    canCreate: has("can create iframe"),
    canUpdate: has("can update iframe"),
    canDelete: has("can delete iframe"),
  };
}
