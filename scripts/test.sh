#!/usr/bin/env bash
# The one test command (README's second command): build, then every test, notebooks included.
set -euo pipefail
cd "$(dirname "$0")/.."
# Three checks that only read the sources (each mostly one core): the tests type-check too (vitest
# only strips their types); eslint finds promises nobody awaits, untyped type imports and `==`;
# prettier holds one layout for every source. eslint and prettier run beside the build; tsc reads
# the built declarations (tsconfig.json references lib, server and learner: a test's import of
# lib/src/x.js is checked against lib/dist/x.d.ts, not by checking lib's sources a second time), so
# it starts once the build is done.
# Each check prints its findings after all three end.
checks="$(mktemp -d)"
# Background jobs in a script ignore Ctrl-C: whatever way the command ends, no check outlives it.
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$checks"' EXIT
npx eslint . >"$checks/eslint" 2>&1 &
eslint_pid=$!
npx prettier --check . >"$checks/prettier" 2>&1 &
prettier_pid=$!
npm run build
npx tsc -p . --noEmit >"$checks/tsc" 2>&1 &
tsc_pid=$!
failed=0
for check in tsc eslint prettier; do
  pid_var="${check}_pid"
  if ! wait "${!pid_var}"; then
    echo "test: $check found problems:" >&2
    cat "$checks/$check" >&2
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1
npx vitest run "$@"
