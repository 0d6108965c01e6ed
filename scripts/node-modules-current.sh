#!/usr/bin/env bash
# Exits 0 when DIR's node_modules matches its package-lock.json (default: this checkout), 1 if not.
# npm rewrites node_modules/.package-lock.json on every install, so it is newer than
# package-lock.json exactly when node_modules matches the lockfile. The mcp-workbook link is
# checked too: a node_modules installed before lib/bin/ existed lacks it, and only npm links it.
# setup.sh skips npm ci on this; the README test copies CI's node_modules into its clone on it.
set -euo pipefail
dir="${1:-$(dirname "$0")/..}"
installed="$dir/node_modules/.package-lock.json"
[ -f "$installed" ] && [ ! "$dir/package-lock.json" -nt "$installed" ] && [ -e "$dir/node_modules/.bin/mcp-workbook" ]
