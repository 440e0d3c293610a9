import { useLiveMode } from "../../live/useLiveMode.ts";

/**
 * Merchants follow the live/test switch; bank staff have no switch and review their merchants' live data.
 */
export function useViewMode(view: "merchant" | "bank"): { isLive: boolean } {
  const { isLive } = useLiveMode();
  return { isLive: view === "bank" ? true : isLive };
}
