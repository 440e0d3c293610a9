import { useDashboard } from "../../layouts/useDashboard.ts";

/** Who may do what on the Users screen (the staff permissions, back-office.md section 6). */
export function useUserRights() {
  const { session } = useDashboard();
  const held = new Set(session.permNames);
  return {
    canCreate: held.has("can create staff"),
    canUpdate: held.has("can update staff"),
    canDelete: held.has("can delete staff"),
    /** A permission the caller holds: only those may be given or taken away (the server enforces it too). */
    holds: (name: string) => held.has(name),
  };
}
