import { useCallback, useEffect, useState } from "react";

export type Loaded<T> =
  | { status: "loading" }
  | { status: "error"; error: unknown; retry: () => void }
  | { status: "ready"; data: T };

/** Runs `load` when `key` changes (and again on retry); stale answers of an earlier key are dropped. */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything `load` reads.
  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    load().then(
      (data) => current && setState({ status: "ready", data }),
      (error: unknown) => current && setState({ status: "error", error, retry }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  return state;
}
