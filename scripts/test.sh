#!/usr/bin/env bash
# The one test command (README's second command): build, then every test, notebooks included.
set -euo pipefail
cd "$(dirname "$0")/.."
# Three checks that only read the sources: the tests type-check too (vitest only strips their
# types); eslint finds promises nobody awaits, untyped type imports and `==`; prettier holds one
# layout for every source. They run beside the tests at the lowest CPU priority, so they take the
# cores the tests leave idle while they wait (test/support/source-checks.ts). tsc reads the built
# declarations (tsconfig.json references lib, server and learner: a test's import of lib/src/x.js
# is checked against lib/dist/x.d.ts), so it starts once the build is done. The suite's closing
# line waits for all three, prints what they found, and counts each that failed.
checks="$(mktemp -d)"
# Background jobs in a script ignore Ctrl-C: whatever way the command ends, no check outlives it.
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$checks"' EXIT
check() {
  local name="$1"
  shift
  nice -n 19 "$@" >"$checks/$name.out" 2>&1 &
  # This runs in a background subshell: the EXIT trap's kill reaches it, and it passes it on.
  # shellcheck disable=SC2064 # the check's pid, fixed now
  trap "kill $! 2>/dev/null; exit 143" TERM
  local status=0
  wait "$!" || status=$?
  echo "$status" >"$checks/$name.status.partial"
  mv "$checks/$name.status.partial" "$checks/$name.status"
  return "$status"
}
check eslint node_modules/.bin/eslint . &
eslint_pid=$!
check prettier node_modules/.bin/prettier --check . &
prettier_pid=$!
npm run build
check tsc node_modules/.bin/tsc -p . --noEmit &
tsc_pid=$!
failed=0
WORKBOOK_SOURCE_CHECKS="$checks" npx vitest run "$@" || failed=1
for pid in "$tsc_pid" "$eslint_pid" "$prettier_pid"; do
  wait "$pid" || failed=1
done
exit "$failed"
