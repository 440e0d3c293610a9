/**
 * Work a route starts and does not wait for, so that its answer time shows nothing of that work (whether
 * forgot_password found an account: docs/security.md). Errors are logged, never answered. The work is kept per
 * owner (the app's database) until it settles, so tests (and anything that must see its result) can wait for it.
 */
export interface ErrorLog {
  error(obj: object, msg: string): void;
}

const pending = new WeakMap<object, Set<Promise<void>>>();

export function runAfterReply(
  owner: object,
  log: ErrorLog,
  what: string,
  work: () => Promise<unknown>,
): void {
  const set = pending.get(owner) ?? new Set<Promise<void>>();
  pending.set(owner, set);
  const running: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (error: unknown) =>
        log.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          `${what} failed`,
        ),
    )
    .finally(() => set.delete(running));
  set.add(running);
}

/** Waits until the work started for this owner (and any it started meanwhile) has settled. */
export async function settleAfterReply(owner: object): Promise<void> {
  const set = pending.get(owner);
  while (set && set.size > 0) await Promise.all([...set]);
}
