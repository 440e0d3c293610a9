import { useNavigate, useSearch } from "@tanstack/react-router";
import {
  type PeriodState,
  parsePeriodSearch,
  periodStateOf,
  serialisePeriodState,
} from "../../lib/periodSearch.ts";

/** The period controls' state from the URL, and a setter that writes it back (a new history entry). */
export function usePeriodState(): [PeriodState, (patch: Partial<PeriodState>) => void] {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const state = periodStateOf(parsePeriodSearch(search));
  const navigate = useNavigate();
  const update = (patch: Partial<PeriodState>) => {
    const next: PeriodState = { ...state, ...patch };
    if (next.period !== "custom") {
      delete next.from;
      delete next.to;
    }
    void navigate({ to: ".", search: serialisePeriodState(next) as never });
  };
  return [state, update];
}
