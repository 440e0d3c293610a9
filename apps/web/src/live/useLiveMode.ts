import { useSyncExternalStore } from "react";
import { useSession } from "../auth/session.ts";
import { getCookie, setCookie } from "../lib/cookies.ts";
import {
  cookieValueFor,
  type DataMode,
  dataModeFor,
  LIVE_MODE_COOKIE,
  LIVE_MODE_COOKIE_DAYS,
} from "./liveMode.ts";

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const readCookie = () => getCookie(LIVE_MODE_COOKIE);

export interface LiveMode {
  mode: DataMode;
  isLive: boolean;
  /** False without a live integration: the toggle is disabled and the mode is test. */
  canToggle: boolean;
  setMode: (mode: DataMode) => void;
}

/** Live or test data for the screens (spec section 4); screens put `mode` in their query keys. */
export function useLiveMode(): LiveMode {
  const session = useSession();
  const cookie = useSyncExternalStore(subscribe, readCookie, readCookie);
  const canToggle = session?.has_live_integration ?? false;
  const mode = dataModeFor(canToggle, cookie);
  return {
    mode,
    isLive: mode === "live",
    canToggle,
    setMode: (next) => {
      if (!canToggle) return;
      setCookie(LIVE_MODE_COOKIE, cookieValueFor(next), LIVE_MODE_COOKIE_DAYS);
      for (const listener of listeners) listener();
    },
  };
}
