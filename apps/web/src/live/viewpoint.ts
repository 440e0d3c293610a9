import { useLiveMode } from "./useLiveMode.ts";

/** The bank view is for bank staff; everyone else uses the merchant routes. */
export function viewpointOf(profileType: string): "merchant" | "bank" {
  return profileType === "Bank" || profileType === "BankStaff" ? "bank" : "merchant";
}

/**
 * Merchants follow the live/test switch; bank staff have no switch and review their merchants' live data.
 */
export function useViewMode(view: "merchant" | "bank"): { isLive: boolean } {
  const { isLive } = useLiveMode();
  return { isLive: view === "bank" ? true : isLive };
}
