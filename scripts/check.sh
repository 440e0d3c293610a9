#!/usr/bin/env bash
# Every check (the README's test command). The static checks run first; then the unit and server tests run side
# by side with the production build, the bundle budgets and the browser journeys, each chain into its own log,
# printed whole when it ends. This halves the gate's time on two cores (docs/testing.md).
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
