#!/usr/bin/env bash
# The one test command (README's second command): build, then every test, notebooks included, with
# the source checks beside them.
set -euo pipefail
cd "$(dirname "$0")/.."
# Three checks that only read the sources: the tests type-check too (vitest only strips their types);
# eslint finds promises nobody awaits, untyped type imports and `==`; prettier holds one layout for
# every source. They run at the lowest priority, so the build and the tests always come first and the
# checks take the CPU the tests leave idle while they wait on the processes they start (about an
# eighth of both cores). tsc reads the built declarations (tests import the package by name), so it
# starts once the build is done. Each check prints its findings after the tests end; the command
# fails if the tests or a check did.
checks="$(mktemp -d)"
# Background jobs in a script ignore Ctrl-C: whatever way the command ends, no check outlives it.
# Each job is the check's own process (setsid, bash, nice each exec the next; .bin links are node scripts).
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$checks"' EXIT
# Lowest priority on Linux means two things: nice 19, and a session of its own whose autogroup is
# nice 19 too. With autogroups on, the kernel shares the CPU between sessions first, and the tests
# start many processes in sessions of their own (process groups a client can end); a check in the
# command's session would get a whole session's share against each of them.
lowest() { exec setsid bash -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 "$@"' lowest "$@"; }
bin=node_modules/.bin
lowest "$bin/eslint" . >"$checks/eslint" 2>&1 &
eslint_pid=$!
lowest "$bin/prettier" --check . >"$checks/prettier" 2>&1 &
prettier_pid=$!
npm run build
lowest "$bin/tsc" -p . --noEmit >"$checks/tsc" 2>&1 &
tsc_pid=$!
tests=0
npx vitest run "$@" || tests=$?
failed=0
for check in tsc eslint prettier; do
  pid_var="${check}_pid"
  if ! wait "${!pid_var}"; then
    echo "test: $check found problems:" >&2
    cat "$checks/$check" >&2
    failed=1
  fi
done
[ "$tests" = 0 ] || exit "$tests"
exit "$failed"
