#!/usr/bin/env bash
# Every check, with the two long chains side by side (`npm run check:parallel`; the gate runs them one after
# another, docs/testing.md): the static checks first; then the unit and server tests next to the production
# build, the bundle budgets and the browser journeys, each chain into its own log, printed whole when it ends.
# Worth it on a machine with more than two cores.
set -uo pipefail
cd "$(dirname "$0")/.."

npm run lint && npm run typecheck && npm run openapi:check || exit 1

logs="$(mktemp -d)"
started=$SECONDS
(npm run test:unit) >"$logs/unit.log" 2>&1 &
unit=$!
(npm run build && npm run budgets && npm run test:e2e) >"$logs/e2e.log" 2>&1 &
e2e=$!

wait "$unit"; unit_rc=$?
echo "== unit and server tests (exit $unit_rc, $((SECONDS - started)) s)"
cat "$logs/unit.log"
wait "$e2e"; e2e_rc=$?
echo "== build, budgets and browser journeys (exit $e2e_rc, $((SECONDS - started)) s)"
cat "$logs/e2e.log"

if [ "$unit_rc" -ne 0 ] || [ "$e2e_rc" -ne 0 ]; then
  echo "== FAILED: unit $unit_rc, journeys $e2e_rc"
  exit 1
fi
echo "== every check passed"
